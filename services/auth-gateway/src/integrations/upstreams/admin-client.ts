import { ACCOUNT_DELETION_PATH, AdminUserDeletionResponseSchema } from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { InternalClientOptions } from './commerce-client';
import { parseJsonAnswer } from './json-answer';
import type { Upstreams } from './upstreams';

/** The admin service's purge, asked for by the person whose account it is (contract: `@kadr/contracts` `http/admin.ts`). */
export interface AdminClient {
  /**
   * Starts the purge of the caller's own account (`POST /internal/account-deletion`, 202). Any
   * other answer throws: `UpstreamAnswerError` with its status for a 4xx, the upstream errors otherwise.
   */
  deleteOwnAccount(caller: InternalCaller): Promise<void>;
}

export function createAdminClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): AdminClient {
  return {
    async deleteOwnAccount(caller) {
      const answer = await upstreams.fetch('admin', {
        method: 'POST',
        path: ACCOUNT_DELETION_PATH,
        caller,
        headers: { accept: 'application/json' },
        timeoutMs,
      });
      parseJsonAnswer('admin', answer, AdminUserDeletionResponseSchema);
    },
  };
}
