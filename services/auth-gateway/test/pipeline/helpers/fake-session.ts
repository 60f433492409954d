import { Router } from 'express';
import { setSession, type SessionUser } from '../../../src/entry-points/http/03-session/request-context';

export const TEST_USER_HEADER = 'x-test-user';
export const TEST_ROLES_HEADER = 'x-test-roles';

export function testUser(id: string, roles: string[] = ['user']): SessionUser {
  return {
    id,
    email: `${id}@example.test`,
    name: `Test ${id}`,
    roles,
    permissions: [],
    tenantId: id === 'tenant-user' ? 'tenant-1' : null,
  };
}

/**
 * Stands in for the identity half: a request naming a user in `x-test-user` is signed in as that
 * user (roles from `x-test-roles`, comma-separated); without it, signed out.
 */
export function fakeSession(): Router {
  const router = Router();
  router.use((req, res, next) => {
    const id = req.get(TEST_USER_HEADER);
    if (id) {
      const roles = (req.get(TEST_ROLES_HEADER) ?? 'user').split(',').filter(Boolean);
      setSession(res, {
        id: `session-of-${id}`,
        user: testUser(id, roles),
        csrfToken: `csrf-of-${id}`,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    next();
  });
  return router;
}
