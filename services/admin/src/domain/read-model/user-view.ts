import type { AdminUser } from '@kadr/contracts';
import { purgeStatusView, type PurgeRecord } from '../purge/purge-record';
import { NO_JOBS, type JobCounts } from './job-record';
import type { UserRecord } from './user-record';

/** A user as the Users screen shows it (no search copies, no event times). */
export function userView(user: UserRecord, jobs: JobCounts = NO_JOBS, purge?: PurgeRecord | null): AdminUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt.toISOString(),
    tier: user.tier,
    plan: user.plan,
    balance: user.balance,
    jobs,
    ...(purge ? { purge: purgeStatusView(purge) } : {}),
  };
}
