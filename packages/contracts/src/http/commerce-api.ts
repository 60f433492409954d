import { z } from 'zod';
import { FRAME_OF_RESOLUTION, RESOLUTIONS, TIERS, type PlanId, type Resolution } from '../values';
import { CreditsSchema, PlanIdSchema, ResolutionSchema, SubscriptionSchema } from './commerce';
import { literalUnion } from './literal-union';

/**
 * The rest of commerce's HTTP API (the credits and subscription reads the gateway's user
 * summary uses are in `commerce.ts`). Paths are relative to commerce's base URL; the public
 * ones are what the gateway forwards from `/bff/platform/<path>`.
 */

export const COMMERCE_PATHS = {
  credits: '/api/commerce/credits',
  packages: '/api/commerce/packages',
  plans: '/api/commerce/plans',
  /** The signed-in user's orders, newest first (paged). */
  orders: '/api/commerce/orders',
  order: (orderId: string) => `/api/commerce/orders/${encodeURIComponent(orderId)}`,
  createOrder: '/api/commerce/payment/create-order',
  mockProcess: '/api/commerce/payment/mock-process',
  tpayDiag: '/api/commerce/payment/tpay/diag',
  /** Called by Tpay itself, without a session (form-encoded; answers the body `TRUE`). */
  tpayNotification: '/api/commerce/payment/tpay/notification',
  subscription: '/api/commerce/subscription',
  cancelSubscription: '/api/commerce/subscription/cancel',
  /** The signed-in user's credit ledger, newest first, with the balance after each line (`/billing`). */
  billingLedger: '/api/commerce/ledger',
  /** The same lines (filtered, not paged) as CSV. */
  billingLedgerCsv: '/api/commerce/ledger.csv',
  /** What one of the user's jobs cost: the hold and how it was settled (the job's receipt). */
  jobReceipt: (jobId: string) => `/api/commerce/jobs/${encodeURIComponent(jobId)}/receipt`,
  /** Internal (service callers): holds for the jobs service. */
  holds: '/internal/holds',
  /** The job's hold on the user's account (held, captured or released). */
  hold: (jobId: string, userId: string) =>
    `/internal/holds/${encodeURIComponent(jobId)}?userId=${encodeURIComponent(userId)}`,
  /** The user's ledger entries caused by one reference (a job id, an order id) — administrator or service. */
  ledger: (userId: string, reference: string) =>
    `/internal/ledger?userId=${encodeURIComponent(userId)}&reference=${encodeURIComponent(reference)}`,
  entitlements: (userId: string) => `/internal/users/${encodeURIComponent(userId)}/entitlements`,
  /** The administrator's credit adjustments of a user (the admin service calls it with the administrator's token). */
  adjustments: (userId: string) => `/internal/users/${encodeURIComponent(userId)}/adjustments`,
  /** A user's orders, newest first, for the administrator's user detail. */
  userOrders: (userId: string) => `/internal/users/${encodeURIComponent(userId)}/orders`,
  /** The administrator marks a paid order refunded after a chargeback (Idempotency-Key: applied once). */
  orderChargeback: (orderId: string) => `/internal/orders/${encodeURIComponent(orderId)}/chargeback`,
  reconciliation: (userId: string) => `/internal/reconciliation/${encodeURIComponent(userId)}`,
} as const;

/** Badge tier (`TIERS` and `Tier` are in `values/commerce.ts`). */
export const TierSchema = z.enum(TIERS);

/** ISO 4217 code of every price (amounts are in minor units: grosze). */
export const PriceSchema = z.object({
  /** Minor units of the currency (grosze for PLN): 49.00 PLN is 4900. */
  amountMinor: z.number().int().positive(),
  currency: z.literal('PLN'),
});
export type Price = z.infer<typeof PriceSchema>;

// ---------------------------------------------------------------- catalogue (public)

export const CreditPackageSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  credits: z.number().int().positive(),
  price: PriceSchema,
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

/** `GET /api/commerce/packages`. */
export const PackagesResponseSchema = z.object({ data: z.array(CreditPackageSchema) });
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string().min(1),
  tier: TierSchema,
  /** Generations included per monthly period; null = unlimited. */
  monthlyGenerations: z.number().int().positive().nullable(),
  maxResolution: ResolutionSchema,
  /** Price of one monthly period; null = custom pricing (contact us). */
  price: PriceSchema.nullable(),
  /** False for Enterprise: custom pricing, not purchasable online. */
  purchasable: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /api/commerce/plans`. */
export const PlansResponseSchema = z.object({ data: z.array(PlanSchema) });
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

// ---------------------------------------------------------------- orders and payments

/** `refunded`: a paid order whose payment was reversed (a chargeback), marked by the administrator. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_PROVIDERS = ['mock', 'tpay'] as const;
export const PaymentProviderNameSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** Every credit package commerce sells (its catalogue, `domain/catalogue/catalogue.ts`, is typed by this list). */
export const CREDIT_PACKAGE_IDS = ['credits-100', 'credits-300', 'credits-1000'] as const;
export const CreditPackageIdSchema = z.enum(CREDIT_PACKAGE_IDS);
export type CreditPackageId = z.infer<typeof CreditPackageIdSchema>;

/** `POST /api/commerce/payment/create-order` body: exactly one of packageId or planId (what browsers send). */
export const CreateOrderRequestSchema = z.union([
  z.strictObject({ packageId: z.string().min(1).max(64) }),
  z.strictObject({ planId: PlanIdSchema }),
]);
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

/**
 * The plans a person can buy online (commerce's catalogue marks the same ones `purchasable`, which its
 * route test checks). Enterprise has custom pricing: listed on the plan screen with "Contact us".
 */
export const PURCHASABLE_PLAN_IDS = ['starter', 'pro'] as const satisfies readonly PlanId[];

/**
 * The same body as commerce validates it and the public API documents it: the package one of the
 * catalogue's ids and the plan one of the purchasable plans (enums in the document, so a fuzzer
 * knows which exist). Enterprise stays a 400 on `planId` with its "contact us" message.
 */
export const CreateOrderBodySchema = z
  .union([
    z.strictObject({ packageId: CreditPackageIdSchema }),
    z.strictObject({
      planId: z.enum(PURCHASABLE_PLAN_IDS, {
        error: (issue) =>
          issue.input === 'enterprise' ? 'Enterprise has custom pricing: please contact us.' : 'Choose a plan.',
      }),
    }),
  ])
  .meta({ id: 'CreateOrderBody' });

export const CreateOrderResponseSchema = z.object({
  data: z.object({
    orderId: z.string().min(1),
    /** Where the browser goes to pay (the mock page in development, Tpay's page otherwise). */
    paymentUrl: z.string(),
    status: OrderStatusSchema,
  }),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

export const OrderSchema = z.object({
  id: z.string().min(1),
  status: OrderStatusSchema,
  kind: z.enum(['package', 'plan']),
  packageId: z.string().nullable(),
  planId: PlanIdSchema.nullable(),
  /** Credits the order grants once paid; 0 for a plan. */
  credits: z.number().int().nonnegative(),
  price: PriceSchema,
  provider: PaymentProviderNameSchema,
  paymentUrl: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** `{id}` of `GET /api/commerce/orders/{id}`. */
export const OrderIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** `GET /api/commerce/orders/{id}` (owner only). */
export const OrderResponseSchema = z.object({ data: OrderSchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** `?skip&take` of `GET /api/commerce/orders`: take 1–100, default 20. */
export const OrderListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** `GET /api/commerce/orders`: a page of the caller's own orders, newest first; `total` counts them all. */
export const OrderListResponseSchema = z.object({
  items: z.array(OrderSchema),
  total: z.number().int().nonnegative(),
  skip: z.number().int().nonnegative(),
  take: z.number().int().positive(),
});
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;

/** `POST /api/commerce/payment/mock-process` body (only when the mock provider is enabled). */
export const MockProcessRequestSchema = z.strictObject({
  orderId: z.string().min(1).max(64),
  outcome: z.enum(['success', 'failure']),
});
export type MockProcessRequest = z.infer<typeof MockProcessRequestSchema>;

/** `POST /api/commerce/payment/mock-process` answer: the settled order. */
export const MockProcessResponseSchema = OrderResponseSchema;

/** `GET /api/commerce/payment/tpay/diag`. `config` only for the administrator. */
export const TpayDiagnosticsSchema = z.object({
  provider: PaymentProviderNameSchema,
  tpay: z.object({
    configured: z.boolean(),
    environment: z.enum(['sandbox', 'production']).nullable(),
    /** Null when not checked (Tpay not configured). */
    tokenObtainable: z.boolean().nullable(),
    lastError: z.object({ reason: z.string(), at: z.iso.datetime({ offset: true }) }).nullable(),
  }),
  config: z
    .object({
      baseUrl: z.string(),
      clientIdSet: z.boolean(),
      clientSecretSet: z.boolean(),
      securityCodeSet: z.boolean(),
      jwsRootConfigured: z.boolean(),
      jwsCertificateHosts: z.array(z.string()),
      notificationUrl: z.string(),
      successUrl: z.string(),
      errorUrl: z.string(),
      timeoutMs: z.number().int(),
    })
    .optional(),
});
export type TpayDiagnostics = z.infer<typeof TpayDiagnosticsSchema>;
export const TpayDiagnosticsResponseSchema = z.object({ data: TpayDiagnosticsSchema });

/**
 * `POST /api/commerce/payment/tpay/notification`: Tpay's form fields (`tr_id`, `tr_status`, `tr_crc`,
 * `md5sum`…). Commerce verifies the raw bytes (JWS signature and md5) before it reads any field.
 */
export const TpayNotificationFormSchema = z.record(z.string(), z.string());

// ---------------------------------------------------------------- subscription (details)

/**
 * `GET /api/commerce/subscription` and `POST …/subscription/cancel` answer: the summary's
 * `SubscriptionSchema` plus the period and cancellation (additive, so the summary's parse holds).
 */
export const SubscriptionDetailsSchema = SubscriptionSchema.extend({
  tier: TierSchema,
  /** Start of the current period (ISO 8601); null without a running plan. */
  periodStart: z.iso.datetime({ offset: true }).nullable(),
  /** True after a cancel: the plan runs until `allowance.periodEnd`, then ends. */
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;
export const SubscriptionDetailsResponseSchema = z.object({ data: SubscriptionDetailsSchema });

// ---------------------------------------------------------------- internal: holds (jobs → commerce)

type FrameHeight = (typeof FRAME_OF_RESOLUTION)[Resolution]['height'];
const FRAME_HEIGHTS = RESOLUTIONS.map((resolution) => FRAME_OF_RESOLUTION[resolution].height) as [
  FrameHeight,
  ...FrameHeight[],
];
const RESOLUTION_OF_HEIGHT = Object.fromEntries(
  RESOLUTIONS.map((resolution) => [FRAME_OF_RESOLUTION[resolution].height, resolution]),
) as Record<FrameHeight, Resolution>;

/** Accepts the contract's labels (`720p`) and bare frame heights (`720`). */
export const HoldResolutionSchema = z
  .union([ResolutionSchema, literalUnion(FRAME_HEIGHTS)])
  .transform((value) => (typeof value === 'number' ? RESOLUTION_OF_HEIGHT[value] : value));

/**
 * `POST /internal/holds` (service caller `jobs`): idempotent by (jobId, generation). A job's
 * first hold is generation 1 (hold id = jobId); a requeued job asks for the next generation
 * (hold id `${jobId}#${generation}`), allowed only while the job has no open hold (409 otherwise).
 */
export const HoldRequestSchema = z.strictObject({
  jobId: z.string().min(1).max(128),
  userId: z.string().min(1).max(128),
  /** Credits the generation costs when it is not covered by the plan's allowance. */
  amount: z.number().int().positive().max(100_000),
  resolution: HoldResolutionSchema,
  /** The job's hold generation; absent = 1 (the first hold). */
  generation: z.number().int().min(1).max(1_000).optional(),
});
export type HoldRequest = z.input<typeof HoldRequestSchema>;

export const HOLD_SOURCES = ['credits', 'allowance'] as const;
export const HoldSourceSchema = z.enum(HOLD_SOURCES);
export type HoldSource = z.infer<typeof HoldSourceSchema>;

export const HOLD_STATES = ['held', 'captured', 'released'] as const;
export const HoldStateSchema = z.enum(HOLD_STATES);
export type HoldState = z.infer<typeof HoldStateSchema>;

/** 201 (new hold) or 200 (the job's existing hold). 402 `insufficient_credits` when neither source suffices. */
export const HoldResponseSchema = z.object({
  data: z.object({
    /** The job id (generation 1) or `${jobId}#${generation}`. */
    holdId: z.string().min(1),
    takenFrom: HoldSourceSchema,
    /** Credits held; 0 when taken from the allowance. */
    amount: z.number().int().nonnegative(),
    state: HoldStateSchema,
  }),
});
export type HoldResponse = z.infer<typeof HoldResponseSchema>;

/** One ledger entry as the administrator's job detail shows it. */
export const LedgerEntrySchema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  balanceDelta: z.number().int(),
  heldDelta: z.number().int(),
  allowanceDelta: z.number().int(),
  reference: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LedgerEntryView = z.infer<typeof LedgerEntrySchema>;

/** `GET /internal/ledger?userId&reference`, oldest first. */
export const LedgerEntriesResponseSchema = z.object({ data: z.array(LedgerEntrySchema) });
export type LedgerEntriesResponse = z.infer<typeof LedgerEntriesResponseSchema>;

/** `GET /internal/users/{userId}/entitlements`: what the jobs service checks (tier cap). */
export const EntitlementsSchema = z.object({
  userId: z.string().min(1),
  plan: PlanIdSchema.nullable(),
  tier: TierSchema,
  maxResolution: ResolutionSchema,
  allowance: z
    .object({
      limit: z.number().int().nonnegative().nullable(),
      used: z.number().int().nonnegative(),
      periodEnd: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  credits: CreditsSchema.extend({ available: z.number().int().nonnegative() }),
});
export type Entitlements = z.infer<typeof EntitlementsSchema>;
export const EntitlementsResponseSchema = z.object({ data: EntitlementsSchema });

/** `GET /internal/reconciliation/{userId}` (administrator or a service). */
export const ReconciliationSchema = z.object({
  userId: z.string().min(1),
  ok: z.boolean(),
  balance: z.number().int(),
  held: z.number().int(),
  /** Σ balance changes of the ledger (entries still in the outbox included). */
  ledgerBalance: z.number().int(),
  /** Σ held changes of the ledger. */
  ledgerHeld: z.number().int(),
  /** Σ credits of the open holds. */
  openHolds: z.number().int(),
  ledgerEntries: z.number().int().nonnegative(),
  /** Entries written with a change but not yet moved to the ledger by the relay. */
  pendingEntries: z.number().int().nonnegative(),
  problems: z.array(z.string()),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
export const ReconciliationResponseSchema = z.object({ data: ReconciliationSchema });

// ---------------------------------------------------------------- billing history (the user's own)

/**
 * The ledger's kinds of line: grants (welcome), purchases, holds and their capture or release, refunds, adjustments,
 * and chargebacks (a paid order's credits taken back after its payment was reversed).
 */
export const LEDGER_KINDS = [
  'grant',
  'purchase',
  'hold',
  'capture',
  'release',
  'refund',
  'adjustment',
  'chargeback',
] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

/** What a ledger line's reference names: a job (hold, capture, release), an order (purchase, chargeback), or neither (welcome). */
export const LEDGER_REFERENCE_TYPES = ['job', 'order', 'welcome', 'other'] as const;

const isoInstant = z.iso.datetime({ offset: true });

/** `kind` of the ledger query: kinds separated by commas, or nothing (every kind) — a pattern the API document states. */
const LEDGER_KIND_LIST = new RegExp(`^(?:(?:${LEDGER_KINDS.join('|')})(?:,(?:${LEDGER_KINDS.join('|')}))*)?$`);

/**
 * `?skip&take&kind&from&to` of `GET /api/commerce/ledger` (and, without skip/take, of the CSV). Every value the
 * document allows is answered: an empty `kind` is every kind, and `from` at or after `to` is an empty range.
 */
export const BillingLedgerQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
  /** One kind, or several separated by commas. */
  kind: z
    .string()
    .regex(LEDGER_KIND_LIST, `One or more of ${LEDGER_KINDS.join(', ')}, separated by commas.`)
    .transform((value) => (value === '' ? undefined : (value.split(',') as LedgerKind[])))
    .optional(),
  /** Lines at or after this instant. */
  from: isoInstant.optional(),
  /** Lines before this instant. */
  to: isoInstant.optional(),
});
export type BillingLedgerQuery = z.infer<typeof BillingLedgerQuerySchema>;

/** One line of the user's ledger with the totals after it (its place in the whole ledger, whatever the filter). */
export const BillingLedgerLineSchema = z.object({
  id: z.string().min(1),
  kind: LedgerKindSchema,
  /** Change of the balance (credits owned). */
  balanceDelta: z.number().int(),
  /** Change of the credits held for running jobs. */
  heldDelta: z.number().int(),
  /** Change of the plan allowance used (+1 a generation taken, −1 one given back). */
  allowanceDelta: z.number().int(),
  reference: z.string(),
  referenceType: z.enum(LEDGER_REFERENCE_TYPES),
  /**
   * A release's why: the failure reason from the error catalogue, `cancelled` or `deleted`; an adjustment's or a
   * chargeback's: the administrator's words; else null.
   */
  reason: z.string().nullable(),
  occurredAt: isoInstant,
  /** The balance after this line (Σ of balanceDelta up to it, oldest first). */
  balanceAfter: z.number().int(),
  /** Credits held after this line. */
  heldAfter: z.number().int(),
});
export type BillingLedgerLine = z.infer<typeof BillingLedgerLineSchema>;

/** `GET /api/commerce/ledger`: a page of lines, newest first; `total` counts the filtered lines. */
export const BillingLedgerResponseSchema = z.object({
  items: z.array(BillingLedgerLineSchema),
  total: z.number().int().nonnegative(),
  skip: z.number().int().nonnegative(),
  take: z.number().int().positive(),
  /** The balance after the newest line of the whole ledger (the badge's, once the last change is copied). */
  balance: z.number().int(),
  currency: z.string().min(1),
});
export type BillingLedgerResponse = z.infer<typeof BillingLedgerResponseSchema>;

/** `GET /api/commerce/jobs/{jobId}/receipt`: the job's newest hold and its settlement, from the ledger. */
export const JobReceiptSchema = z.object({
  jobId: z.string().min(1),
  takenFrom: HoldSourceSchema,
  /** Credits held (0 when the plan allowance covered it). */
  amount: z.number().int().nonnegative(),
  state: HoldStateSchema,
  /** When released: why (`cancelled`, `deleted`, or the failure reason); null otherwise. */
  reason: z.string().nullable(),
  heldAt: isoInstant,
  /** When captured or released; null while held. */
  settledAt: isoInstant.nullable(),
  /** Every ledger line of the job, oldest first (a requeued job has more than one hold). */
  lines: z.array(BillingLedgerLineSchema),
  /** The balance after the job's last line. */
  balanceAfter: z.number().int(),
});
export type JobReceipt = z.infer<typeof JobReceiptSchema>;
export const JobReceiptResponseSchema = z.object({ data: JobReceiptSchema });
export type JobReceiptResponse = z.infer<typeof JobReceiptResponseSchema>;

// ---------------------------------------------------------------- the administrator's credit adjustments

/** The most one adjustment may add or take (a typo guard, not a business limit). */
export const MAX_CREDIT_ADJUSTMENT = 100_000;

/** `POST …/credit-adjustments` body: a non-zero whole number of credits (negative takes) and why, shown to the user. */
export const CreditAdjustmentRequestSchema = z
  .strictObject({
    amount: z
      .number()
      .int('Whole credits only.')
      .min(-MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at once.`)
      .max(MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at once.`)
      .refine((amount) => amount !== 0, 'Enter a number of credits other than 0.'),
    reason: z.string().trim().min(3, 'Say why, in a few words.').max(200, 'At most 200 characters.'),
  })
  .meta({ id: 'CreditAdjustmentRequest' });
export type CreditAdjustmentRequest = z.infer<typeof CreditAdjustmentRequestSchema>;

/** 201 when applied now, 200 when this Idempotency-Key's adjustment was applied before: the account after it. */
export const CreditAdjustmentResponseSchema = z.object({
  data: z.object({
    userId: z.string().min(1),
    balance: z.number().int(),
    heldCredits: z.number().int(),
    available: z.number().int(),
    applied: z.boolean(),
  }),
});
export type CreditAdjustmentResponse = z.infer<typeof CreditAdjustmentResponseSchema>;

// ---------------------------------------------------------------- the administrator's chargebacks and a user's orders

/** `POST …/orders/{id}/chargeback` body: why, in the administrator's words (shown to the user on /billing). */
export const ChargebackRequestSchema = z
  .strictObject({
    reason: z.string().trim().min(3, 'Say why, in a few words.').max(200, 'At most 200 characters.'),
  })
  .meta({ id: 'ChargebackRequest' });
export type ChargebackRequest = z.infer<typeof ChargebackRequestSchema>;

/**
 * A refunded order's chargeback: who marked it and why, and what was taken back. `settledAt` is null for the
 * moment between the order's change and the take-back (commerce finishes it on its own, see its README).
 */
export const OrderChargebackSchema = z.object({
  reason: z.string(),
  /** The administrator's user id. */
  markedBy: z.string(),
  markedAt: isoInstant,
  settledAt: isoInstant.nullable(),
  /** Credits taken back from the balance (≤ the order's credits; never held ones); null until settled. */
  takenCredits: z.number().int().nonnegative().nullable(),
  /** Credits the order granted that could not be taken back (already spent or held); null until settled. */
  shortfallCredits: z.number().int().nonnegative().nullable(),
  /** A plan order: when the plan ends after losing the period the order paid for; null when no plan time was taken. */
  planEndsAt: isoInstant.nullable(),
});
export type OrderChargeback = z.infer<typeof OrderChargebackSchema>;

/** An order as the administrator sees it: the owner's view plus whose it is and its chargeback. */
export const AdminOrderSchema = OrderSchema.extend({
  userId: z.string().min(1),
  chargeback: OrderChargebackSchema.nullable(),
}).meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** 201 when marked now, 200 when this Idempotency-Key marked it before: the order with what was taken back. */
export const ChargebackResponseSchema = z.object({ data: AdminOrderSchema });
export type ChargebackResponse = z.infer<typeof ChargebackResponseSchema>;

/** `?skip&take` of a user's orders (newest first): take 1–100, default 20; skip as far as the admin list allows. */
export const UserOrdersQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserOrdersQuery = z.infer<typeof UserOrdersQuerySchema>;

/** `GET /internal/users/{userId}/orders` (the administrator): one page, newest first. */
export const UserOrdersPageSchema = z.object({
  data: z.array(AdminOrderSchema),
  pagination: z.object({
    skip: z.number().int().nonnegative(),
    take: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  }),
});
export type UserOrdersPage = z.infer<typeof UserOrdersPageSchema>;
