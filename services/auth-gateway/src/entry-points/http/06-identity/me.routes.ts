import { Router } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { UserRepository } from '../../../data-access/users/user.repository';
import { CurrentUserAnswerSchema } from '../09-gateway-routes/openapi/identity-schemas';
import { sessionOf } from '../03-session/request-context';

/**
 * `GET /bff/platform/api/auth/me`: the signed-in user. Profile fields come from the users
 * collection; roles and permissions from the session (what the gateway enforces for it). The
 * answer is what the OpenAPI document's `CurrentUser` schema documents, no more: it passes through
 * that schema, which drops any field the schema does not name (issue 13 found `createdAt` and
 * `lastLoginAt` answered though the schema forbids them).
 * Paths are relative to `/bff` (mount the router there, or hand it to the `/bff` pipeline).
 */
export function meRoutes({ users }: { users: UserRepository }): Router {
  const router = Router();
  router.get('/platform/api/auth/me', async (_req, res) => {
    const session = sessionOf(res);
    const user = session ? await users.findById(session.user.id) : null;
    if (!session || !user) throw new HttpProblem('unauthorized', { detail: 'Please log in to continue.' });
    const answer = CurrentUserAnswerSchema.parse({
      data: {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: session.user.roles,
        permissions: session.user.permissions,
        tenantId: user.tenantId,
        createdAt: user.createdAt.toISOString(),
        lastLoginAt: user.lastLoginAt.toISOString(),
      },
    });
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
