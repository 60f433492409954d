import { z } from 'zod';
import { breakerEnv, internalTokenKeyCheck, serviceBaseEnv, storageEnv } from '@kadr/config';
import { PURGE_ACKNOWLEDGING_SERVICES } from '@kadr/contracts';

const optionalUrl = z.url({ error: 'must be an absolute URL' }).optional();
/** A service name as it appears in `user.purged` (kebab-case; it also becomes a field name in MongoDB). */
const SERVICE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** The admin service's environment (see README.md). */
export const adminConfigSchema = z
  .object({
    ...serviceBaseEnv(8086),
    /** The jobs service (job lists, job detail, job commands); unset: those routes answer 503. */
    JOBS_URL: optionalUrl,
    /** Commerce (a job's hold in the job detail); unset: the hold is reported missing. */
    COMMERCE_URL: optionalUrl,
    /** Media (share-link reports, revoking a link); unset: those routes answer 503. */
    MEDIA_URL: optionalUrl,
    /** Time-out of one call to the jobs service or commerce (below the gateway's 30 s). */
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(100, { error: 'must be at least 100' })
      .max(30_000, { error: 'must be at most 30000' })
      .default(10_000),
    /** The breaker of each of the two (per service): while open, their routes answer 503 at once. */
    ...breakerEnv,
    /** The services whose `user.purged` completes a purge. */
    PURGE_SERVICES: z
      .string()
      .default(PURGE_ACKNOWLEDGING_SERVICES.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(SERVICE_NAME, { error: 'must be kebab-case service names' }))
          .min(1, { error: 'must name at least one service' }),
      ),
    // Embedded mode: the read model and the audit log persist under DATA_DIR/admin (unset: memory only).
    // The database is not `admin`: MongoDB reserves that one for server commands (it refuses createIndexes there).
    ...storageEnv('kadr-admin'),
  })
  .check(internalTokenKeyCheck);

export type AdminConfig = z.output<typeof adminConfigSchema>;
