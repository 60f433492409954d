import { Router } from 'express';
import type { Logger } from '@kadr/telemetry';
import type { SessionStore } from '../../../../data-access/sessions/session-store';
import type { UserRepository } from '../../../../data-access/users/user.repository';
import type { Upstreams } from '../../../../integrations/upstreams';
import type { CookiePolicy } from '../../03-session/cookies';
import { accountDeletionRoutes } from './account-deletion.routes';
import { accountExportRoutes } from './account-export.routes';

export { ACCOUNT_EXPORT_PATH, ACCOUNT_PATH, AccountDeletedSchema, AccountDeletionBodySchema } from './account-schemas';
export { EXPORT_SECTIONS, type ExportSources } from './export-sections';

/** What the account routes need of the identity half: the person's record, their sessions, the cookie policy. */
export interface AccountStores {
  users: UserRepository;
  sessions: SessionStore;
  cookies: CookiePolicy;
}

/** `/platform/account/export` and `/platform/account` (mounted at `/bff`, after the Idempotency-Key step). */
export function createAccountRoutes(options: {
  upstreams: Upstreams;
  account: AccountStores;
  logger: Logger;
  publicUrl: string;
}): Router {
  const { upstreams, account, logger, publicUrl } = options;
  return Router()
    .use(accountExportRoutes({ upstreams, users: account.users, logger, publicUrl }))
    .use(accountDeletionRoutes({ upstreams, ...account, logger }));
}
