import { HttpProblem, callerOf } from '@kadr/http-kit';

/** The signed-in user a request is made for (the gateway's user token); services are refused. */
export function requireUser(res: { locals: Record<string, unknown> }): { userId: string; roles: string[] } {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new HttpProblem('forbidden', { detail: 'This call needs a signed-in user.' });
  return { userId: caller.userId, roles: caller.roles };
}

/** The administrator (a user token whose roles include `admin`), checked here again (ARCHITECTURE §5). */
export function requireAdministrator(res: { locals: Record<string, unknown> }): { userId: string } {
  const user = requireUser(res);
  if (!user.roles.includes('admin')) throw new HttpProblem('forbidden');
  return { userId: user.userId };
}

export function correlationIdOf(res: { locals: Record<string, unknown> }): string {
  const id = res.locals.correlationId;
  return typeof id === 'string' && id ? id : 'jobs';
}
