import fc from 'fast-check';

/**
 * One step of a ledger model case: what a user, the jobs service, the payment provider, the
 * relay, the clock or the event bus does next. Job and pool indexes are taken modulo what
 * exists, so every generated step means something whatever came before it.
 */
export type Op =
  /** The jobs service places (or retries) the job's hold at its current generation; a new job when `job` is past the known ones. */
  | { op: 'hold'; job: number; amount: number; resolution: '720p' | '2160p' }
  /** Many new 720p jobs at once: enough to use up a plan's monthly allowance. */
  | { op: 'holdBurst'; count: number }
  /** The administrator's requeue (jobs asks for the next generation of a FAILED job, the same one of a stuck job). */
  | { op: 'requeue'; job: number }
  /** The jobs service publishes the job's COMPLETED / FAILED / deleted event (delivered by a later `deliver`). */
  | { op: 'complete' | 'fail' | 'delete'; job: number }
  /** The bus delivers one in-flight event; `again` keeps it in flight (a duplicate delivery later). */
  | { op: 'deliver'; pick: number; again: boolean }
  /** A user buys a package: create-order, then the mock provider's outcome (`twice`: the confirmation repeated). */
  | { op: 'buyPackage'; pack: 0 | 1 | 2; outcome: 'success' | 'failure'; twice: boolean }
  /**
   * A user buys a plan for one or more periods (each order of a running plan adds one), paid at
   * once; `prompt`: the relay and the bus deliver the payment at once too (else whenever they get to it).
   */
  | { op: 'buyPlan'; plan: 'starter' | 'pro'; periods: number; prompt: boolean }
  | { op: 'cancel' }
  /** Time passes: a few seconds, or past a period's end. */
  | { op: 'advance'; ms: number }
  /** One pass of the outbox relay (ledger copies, `credits.changed`, `payment.completed`). */
  | { op: 'relay' };

const job = fc.nat({ max: 10 });
const DAY = 86_400_000;

export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('hold' as const),
      job,
      amount: fc.integer({ min: 1, max: 40 }),
      resolution: fc.constantFrom('720p' as const, '2160p' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('holdBurst' as const), count: fc.integer({ min: 5, max: 60 }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('requeue' as const), job }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constantFrom('complete' as const, 'fail' as const, 'delete' as const), job }),
  },
  { weight: 10, arbitrary: fc.record({ op: fc.constant('deliver' as const), pick: fc.nat(), again: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('buyPackage' as const),
      pack: fc.constantFrom(0 as const, 1 as const, 2 as const),
      outcome: fc.constantFrom('success' as const, 'success' as const, 'failure' as const),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('buyPlan' as const),
      plan: fc.constantFrom('starter' as const, 'pro' as const),
      periods: fc.integer({ min: 1, max: 3 }),
      prompt: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'cancel' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      ms: fc.oneof(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: DAY, max: 10 * DAY }),
        fc.integer({ min: 28 * DAY, max: 40 * DAY }),
      ),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ op: 'relay' as const }) },
);

/** One case: 1 to 40 steps, spread over the whole range (the events still in flight and the relay are drained after them). */
export const caseArbitrary = fc.array(opArbitrary, { minLength: 1, maxLength: 40, size: 'max' });
