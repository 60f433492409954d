import type { KeyValueStore } from '@kadr/kv-store';
import type { Logger } from '@kadr/telemetry';
import type { GatewayConfig } from '../../../config';
import {
  LOGIN_TRANSACTION_TTL_MS,
  LoginTransactionStore,
} from '../../../data-access/login-transactions/login-transaction-store';
import type { SessionStore } from '../../../data-access/sessions/session-store';
import type { UserRepository } from '../../../data-access/users/user.repository';
import { createSignIn } from '../../../domain/identity/sign-in';
import { sessionPolicyOf } from '../../../domain/sessions/session';
import { oidcSignInClientOf } from '../../../integrations/oidc/oidc-client';
import { cookiePolicyOf } from '../03-session/cookies';
import type { IdentityDeps } from '../app';

export interface IdentityParts {
  config: GatewayConfig;
  kv: KeyValueStore;
  users: UserRepository;
  sessions: SessionStore;
  logger: Logger;
  /** Called after a sign-in wrote `user.registered` to the user's outbox (the relay's nudge). */
  onOutboxWritten: () => void;
}

/** What the sign-in routes use: the provider's client (OIDC_*), login transactions, sign-in, the cookie policy. */
export function identityDepsOf({ config, kv, users, sessions, logger, onOutboxWritten }: IdentityParts): IdentityDeps {
  const lifetimes = {
    sessionMaxAgeMs: sessionPolicyOf(config).absoluteTtlMs,
    loginMaxAgeMs: LOGIN_TRANSACTION_TTL_MS,
  };
  return {
    oidc: oidcSignInClientOf(config, logger),
    sessions,
    loginTransactions: new LoginTransactionStore(kv),
    users,
    signIn: createSignIn({ users, adminEmail: config.ADMIN_EMAIL, onOutboxWritten }),
    cookies: cookiePolicyOf(config, lifetimes, logger),
    publicUrl: config.PUBLIC_URL,
  };
}
