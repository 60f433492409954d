import type { Response } from 'express';
import { callerOf, HttpProblem } from '@kadr/http-kit';
import type { Viewer } from '../../domain/videos/media-library';

/** The role the gateway gives the administrator (the verified ADMIN_EMAIL). */
export const ADMIN_ROLE = 'admin';

/** The signed-in user a call is made for; a service token has no gallery (403). */
export function viewerOf(res: Response): Viewer {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new HttpProblem('forbidden', { detail: 'This call is made for a signed-in user.' });
  return { userId: caller.userId, isAdministrator: caller.roles.includes(ADMIN_ROLE) };
}

/** The same answer for a job that does not exist and one that is someone else's. */
export const noSuchVideo = (): HttpProblem => new HttpProblem('not_found', { detail: 'There is no such video.' });
