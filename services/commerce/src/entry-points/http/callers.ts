import type { Response } from 'express';
import { HttpProblem, callerOf, type InternalCaller } from '@kadr/http-kit';

export type UserCaller = Extract<InternalCaller, { kind: 'user' }>;

/** The role the gateway gives the administrator (the verified ADMIN_EMAIL). */
export const ADMIN_ROLE = 'admin';

export const isAdministrator = (caller: InternalCaller): boolean =>
  caller.kind === 'user' && caller.roles.includes(ADMIN_ROLE);

/** A signed-in user's call (the gateway's user token); a service token is refused. */
export function userOf(res: Response): UserCaller {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new HttpProblem('forbidden', { detail: 'This call is made for a signed-in user.' });
  return caller;
}

/** A service's own call, optionally only from the named services. */
export function requireService(res: Response, ...services: string[]): void {
  const caller = callerOf(res);
  if (caller.kind !== 'service' || (services.length > 0 && !services.includes(caller.service))) {
    throw new HttpProblem('forbidden', { detail: 'This call is for internal services only.' });
  }
}

/** The administrator or any internal service (operations endpoints). */
export function requireAdministratorOrService(res: Response): void {
  const caller = callerOf(res);
  if (caller.kind === 'service' || isAdministrator(caller)) return;
  throw new HttpProblem('forbidden');
}

export const correlationIdOf = (res: Response): string => String(res.locals.correlationId ?? '');
