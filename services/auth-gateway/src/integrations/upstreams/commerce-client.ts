import {
  BillingLedgerResponseSchema,
  COMMERCE_CREDITS_PATH,
  COMMERCE_PATHS,
  COMMERCE_SUBSCRIPTION_PATH,
  CreditsResponseSchema,
  OrderListResponseSchema,
  SubscriptionDetailsResponseSchema,
  SubscriptionResponseSchema,
  type BillingLedgerResponse,
  type Credits,
  type OrderListResponse,
  type Subscription,
  type SubscriptionDetails,
} from '@kadr/contracts';
import type { z } from 'zod';
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
  /** The same read with the period and cancellation (`SubscriptionDetailsSchema`). */
  subscriptionDetails(caller: InternalCaller): Promise<SubscriptionDetails>;
  /** A page of the user's credit ledger, newest first. */
  ledgerPage(caller: InternalCaller, page: Page): Promise<BillingLedgerResponse>;
  /** A page of the user's orders, newest first. */
  ordersPage(caller: InternalCaller, page: Page): Promise<OrderListResponse>;
}

/** `?skip&take` of commerce's paged reads. */
export interface Page {
  skip: number;
  take: number;
}

export function createCommerceClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): CommerceClient {
  const pageOf = <S extends z.ZodType>(path: string, { skip, take }: Page, caller: InternalCaller, schema: S) =>
    getJson(upstreams, 'commerce', { path: `${path}?skip=${skip}&take=${take}`, caller, timeoutMs }, schema);
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
    subscriptionDetails: async (caller) =>
      (
        await getJson(
          upstreams,
          'commerce',
          { path: COMMERCE_PATHS.subscription, caller, timeoutMs },
          SubscriptionDetailsResponseSchema,
        )
      ).data,
    ledgerPage: (caller, page) => pageOf(COMMERCE_PATHS.billingLedger, page, caller, BillingLedgerResponseSchema),
    ordersPage: (caller, page) => pageOf(COMMERCE_PATHS.orders, page, caller, OrderListResponseSchema),
  };
}
