import { BoundedQueue } from './bounded-queue';
import { jsonBytes } from './batch-size';
import { shapeProps, toClientLogEntry, truncate, type ErrorContext, type LooseProps } from './report-shaping';
import {
  TELEMETRY_MAX_ITEMS_PER_KIND,
  TELEMETRY_PATH_MAX_CHARS,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type ClientLogEntry,
  type TelemetryBatch,
  type TelemetryHttpMethod,
  type TelemetryMetric,
  type WebVitalName,
  type WebVitalRating,
} from '@kadr/contracts/values';
import { TELEMETRY_MAX_BATCH_BYTES } from './telemetry-batch';

/** Which kinds may leave the browser (the consent store's choices). */
export interface TelemetryConsent {
  /** Metrics (web vitals, API latencies) and analytics events. */
  analytics: boolean;
  /** Client error reports. */
  remoteLogs: boolean;
}

export interface TelemetryUser {
  userId: string | null;
  tenantId: string | null;
}

export interface TelemetryClientDeps {
  /** The regular flush: one POST of the batch (no retries; resolves when the gateway took it). */
  send(batch: TelemetryBatch): Promise<unknown>;
  /** The flush as the page goes away: fire and forget, must survive the unload (fetch `keepalive`). */
  sendOnPageHide(batch: TelemetryBatch): void;
  consent(): TelemetryConsent;
  /** A failure not worth sending the items again for (a 4xx other than 429: they would fail again). */
  isPermanentFailure(error: unknown): boolean;
  now?: () => Date;
  /** Where errors always go, consent or not. */
  console?: Pick<Console, 'error'>;
}

type Kind = 'metrics' | 'analytics' | 'logs';
type Item<K extends Kind> = NonNullable<TelemetryBatch[K]>[number];
const KINDS: readonly Kind[] = ['metrics', 'analytics', 'logs'];
/** What each kind needs: metrics and analytics the analytics consent, logs the remote-logs one. */
const CONSENT_OF: Record<Kind, keyof TelemetryConsent> = {
  metrics: 'analytics',
  analytics: 'analytics',
  logs: 'remoteLogs',
};

const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const TELEMETRY_PATH = '/bff/telemetry';
/** The gateway refuses durations beyond ten minutes; nothing we measure takes that long honestly. */
const MAX_DURATION_MS = 600_000;

/** A batch taken off the queues, with what is needed to put it back. */
interface TakenBatch {
  batch: TelemetryBatch;
  items: { metrics: TelemetryMetric[]; analytics: AnalyticsEvent[]; logs: ClientLogEntry[] };
}

/**
 * The browser's telemetry without globals (the app's instance is in telemetry.ts): three bounded
 * queues (100 each, oldest dropped), consent checked when an item is recorded and again when it is
 * sent, the signed-in user as the batch's context, and the flushes.
 *
 * - Nothing is sent without a user (the gateway answers 401) or with empty queues.
 * - One regular flush at a time; a batch stays under 60 kB (the rest waits for the next flush).
 * - A failed flush puts its items back (older than anything queued since) unless the failure is
 *   permanent, the user changed, or the consent was withdrawn meanwhile — no retries of its own:
 *   the next flush carries them.
 * - Withdrawing a consent drops that kind's queue at once; a new user (or none) drops every queue.
 */
export class TelemetryClient {
  readonly #deps: TelemetryClientDeps;
  readonly #queues = {
    metrics: new BoundedQueue<TelemetryMetric>(TELEMETRY_MAX_ITEMS_PER_KIND),
    analytics: new BoundedQueue<AnalyticsEvent>(TELEMETRY_MAX_ITEMS_PER_KIND),
    logs: new BoundedQueue<ClientLogEntry>(TELEMETRY_MAX_ITEMS_PER_KIND),
  };
  #user: { userId: string; tenantId: string | null } | null = null;
  #flushing = false;

  constructor(deps: TelemetryClientDeps) {
    this.#deps = deps;
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }

  #allowed(kind: Kind): boolean {
    return this.#deps.consent()[CONSENT_OF[kind]];
  }

  /** An analytics event; dropped without analytics consent. */
  track(name: AnalyticsEventName, props?: LooseProps): void {
    if (!this.#allowed('analytics')) return;
    const event: AnalyticsEvent = { name, at: this.#now().toISOString() };
    const shaped = shapeProps(props);
    if (shaped) event.props = shaped;
    this.#queues.analytics.push(event);
  }

  /** Always to the console; queued for the server only with remote-logs consent. */
  logClientError(error: unknown, context?: ErrorContext): void {
    (this.#deps.console ?? console).error(error, ...(context ? [context] : []));
    if (!this.#allowed('logs')) return;
    this.#queues.logs.push(toClientLogEntry(error, context, this.#now()));
  }

  /**
   * One API call's duration, `endpoint` as the api layer names it (`GET /bff/platform/jobs/:id`,
   * or a bare path). Needs analytics consent. The telemetry call itself is not measured.
   */
  recordApiLatency(endpoint: string, ms: number, status: number): void {
    if (!this.#allowed('metrics')) return;
    const [first, ...rest] = endpoint.trim().split(/\s+/);
    const method = first && HTTP_METHODS.has(first.toUpperCase()) && rest.length > 0 ? first.toUpperCase() : undefined;
    const path = (method ? rest.join(' ') : endpoint.trim()).split(/[?#]/, 1)[0] ?? '';
    if (!path.startsWith('/') || path.startsWith(TELEMETRY_PATH)) return;
    if (!Number.isFinite(ms) || !(status === 0 || (Number.isInteger(status) && status >= 100 && status <= 599))) return;
    this.#queues.metrics.push({
      type: 'api_latency',
      ...(method ? { method: method as TelemetryHttpMethod } : {}),
      endpoint: truncate(path, TELEMETRY_PATH_MAX_CHARS),
      status,
      ms: clampDuration(ms),
    });
  }

  /** One web vital as web-vitals reports it (ms; CLS a score). Needs analytics consent. */
  recordWebVital(name: WebVitalName, value: number, rating: WebVitalRating): void {
    if (!this.#allowed('metrics') || !Number.isFinite(value)) return;
    this.#queues.metrics.push({ type: 'web_vital', name, value: clampDuration(value), rating });
  }

  /**
   * Who is signed in (`userId: null` or `null`: nobody). Another person than before — or nobody —
   * drops everything queued: one person's reports never go out under someone else's session.
   */
  setUser(user: TelemetryUser | null): void {
    const next = user?.userId ? { userId: user.userId, tenantId: user.tenantId ?? null } : null;
    if (next?.userId !== this.#user?.userId) this.#dropAll();
    this.#user = next;
  }

  /** Applies the current consent: a kind whose consent is gone loses what it had queued. */
  applyConsent(): void {
    for (const kind of KINDS) if (!this.#allowed(kind)) this.#queues[kind].clear();
  }

  /** How many items wait, per kind. */
  pending(): Record<Kind, number> {
    return { metrics: this.#queues.metrics.size, analytics: this.#queues.analytics.size, logs: this.#queues.logs.size };
  }

  /** The regular flush (the 60 s timer). Resolves when done; never rejects. */
  async flush(): Promise<void> {
    if (this.#flushing) return;
    const taken = this.#take();
    if (!taken) return;
    const forUser = this.#user?.userId;
    this.#flushing = true;
    try {
      await this.#deps.send(taken.batch);
    } catch (error) {
      if (!this.#deps.isPermanentFailure(error) && this.#user?.userId === forUser) this.#putBack(taken);
    } finally {
      this.#flushing = false;
    }
  }

  /** The flush as the page is hidden or unloaded: one batch, sent so that it outlives the page. */
  flushOnPageHide(): void {
    const taken = this.#take();
    if (taken) this.#deps.sendOnPageHide(taken.batch);
  }

  #dropAll(): void {
    for (const kind of KINDS) this.#queues[kind].clear();
  }

  /**
   * Takes the oldest items of the consented kinds, in turn, while the batch stays under
   * TELEMETRY_MAX_BATCH_BYTES; undefined when there is nobody to send for or nothing to send.
   */
  #take(): TakenBatch | undefined {
    this.applyConsent();
    const user = this.#user;
    if (!user) return undefined;
    const items: TakenBatch['items'] = { metrics: [], analytics: [], logs: [] };
    // The envelope with every kind present, plus one comma per item: an upper bound of the JSON size.
    let bytes = jsonBytes({ context: user, metrics: [], analytics: [], logs: [] });
    let progressed = true;
    while (progressed) {
      progressed = false;
      for (const kind of KINDS) {
        const queue = this.#queues[kind] as BoundedQueue<Item<typeof kind>>;
        const next = queue.peek();
        if (next === undefined) continue;
        const size = jsonBytes(next) + 1;
        const first = items.metrics.length + items.analytics.length + items.logs.length === 0;
        // One item always goes (the shaping keeps any item far below the limit).
        if (!first && bytes + size > TELEMETRY_MAX_BATCH_BYTES) continue;
        queue.shift();
        (items[kind] as Item<typeof kind>[]).push(next);
        bytes += size;
        progressed = true;
      }
    }
    if (items.metrics.length + items.analytics.length + items.logs.length === 0) return undefined;
    const batch: TelemetryBatch = { context: { userId: user.userId, tenantId: user.tenantId } };
    for (const kind of KINDS) if (items[kind].length > 0) (batch[kind] as Item<typeof kind>[]) = items[kind];
    return { batch, items };
  }

  #putBack(taken: TakenBatch): void {
    for (const kind of KINDS) {
      if (this.#allowed(kind) && taken.items[kind].length > 0) {
        (this.#queues[kind] as BoundedQueue<Item<typeof kind>>).returnToFront(taken.items[kind]);
      }
    }
  }
}

function clampDuration(value: number): number {
  return Math.min(MAX_DURATION_MS, Math.max(0, Math.round(value * 1000) / 1000));
}
