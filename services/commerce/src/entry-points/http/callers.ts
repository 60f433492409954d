import type { Request, Response } from 'express';
import { z } from 'zod';
import { HttpProblem, callerOf, parseInput, type InternalCaller } from '@kadr/http-kit';

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

/**
 * The administrator only, a service token refused: the call is a person's decision about money, which the
 * admin service audits. `detail` says who may do it.
 */
export function requireAdministrator(res: Response, detail: string): UserCaller {
  const caller = callerOf(res);
  if (caller.kind !== 'user' || !isAdministrator(caller)) throw new HttpProblem('forbidden', { detail });
  return caller;
}

/** The administrator's Idempotency-Key (the admin service forwards the gateway's): their change applies once per key. */
const AdministratorKeySchema = z.string().trim().min(1, 'An Idempotency-Key is required.').max(200);

export const administratorKeyOf = (req: Request): string =>
  parseInput(AdministratorKeySchema, req.get('idempotency-key'));

/** The administrator or any internal service (operations endpoints). */
export function requireAdministratorOrService(res: Response): void {
  const caller = callerOf(res);
  if (caller.kind === 'service' || isAdministrator(caller)) return;
  throw new HttpProblem('forbidden');
}

export const correlationIdOf = (res: Response): string => String(res.locals.correlationId ?? '');
