import { z } from 'zod';
import type { User } from '../identity/user';

/** The person as the gateway's users collection knows them, without its internal outbox. */
export const ExportProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    tenantId: z.string().nullable(),
    roles: z.array(z.string()),
    createdAt: z.iso.datetime({ offset: true }),
    lastLoginAt: z.iso.datetime({ offset: true }),
    /** The account at the identity provider this user signs in with. */
    identity: z.object({ issuer: z.string(), subject: z.string() }),
  })
  .meta({ id: 'ExportProfile' });
export type ExportProfile = z.infer<typeof ExportProfileSchema>;

export function exportProfileOf(user: User): ExportProfile {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    tenantId: user.tenantId,
    roles: [...user.roles],
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt.toISOString(),
    identity: { issuer: user.issuer, subject: user.subject },
  };
}
