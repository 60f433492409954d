import {
  COMMERCE_CREDITS_PATH,
  COMMERCE_SUBSCRIPTION_PATH,
  CreditsResponseSchema,
  SubscriptionResponseSchema,
  type Credits,
  type Subscription,
} from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import { getJson } from './json-answer';
import type { Upstreams } from './upstreams';

export interface InternalClientOptions {
  /** Per call; default UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Commerce's read API for a user's own account (contract: the commerce schemas of
 * `@kadr/contracts`). Calls go through the shared commerce breaker with the user's token.
 */
export interface CommerceClient {
  credits(caller: InternalCaller): Promise<Credits>;
  subscription(caller: InternalCaller): Promise<Subscription>;
}

export function createCommerceClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): CommerceClient {
  return {
    credits: async (caller) =>
      (await getJson(upstreams, 'commerce', { path: COMMERCE_CREDITS_PATH, caller, timeoutMs }, CreditsResponseSchema))
        .data,
    subscription: async (caller) =>
      (
        await getJson(
          upstreams,
          'commerce',
          { path: COMMERCE_SUBSCRIPTION_PATH, caller, timeoutMs },
          SubscriptionResponseSchema,
        )
      ).data,
  };
}
