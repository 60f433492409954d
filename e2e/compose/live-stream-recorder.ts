/**
 * Records what the page's live stream receives, in the page itself: an init script replaces
 * `window.EventSource` (before the app's code runs) with a subclass that logs every connection it
 * opens (its URL: the app resumes with `?lastEventId=`) and every frame of every event name the
 * gateway sends, with its `lastEventId`. Nothing between two polls is missed, and what the page
 * received is exactly what the browser's EventSource handed to the app.
 */
import type { Page } from 'playwright-core';
import { JOB_LIVE_EVENT_NAMES } from '@kadr/contracts';
export { compareLogIds } from '@kadr/kv-store';

/** Every event name the gateway writes (live-event.ts, sse-connection.ts control events), plus open/error. */
const RECORDED_TYPES = [
  'open',
  'error',
  'message',
  'connected',
  'heartbeat',
  'reset',
  'reconnect',
  ...JOB_LIVE_EVENT_NAMES,
  'credits',
];

/** Job event names (data `{ id, status, progress, createdAt }`). */
export const JOB_EVENT_TYPES = ['created', 'queued', 'started', 'progress', 'completed', 'failed'] as const;

// Plain JavaScript for the page (this Node program has no DOM types).
const RECORDER = `(() => {
  const Original = window.EventSource;
  if (!Original || window.__sse) return;
  const log = { connections: [], events: [] };
  window.__sse = log;
  const types = ${JSON.stringify(RECORDED_TYPES)};
  class RecordedEventSource extends Original {
    constructor(url, init) {
      super(url, init);
      const connection = log.connections.length;
      log.connections.push({ url: String(url), openedAt: Date.now() });
      for (const type of types) {
        this.addEventListener(type, (event) => {
          log.events.push({
            connection,
            type,
            id: typeof event.lastEventId === 'string' ? event.lastEventId : null,
            data: typeof event.data === 'string' ? event.data : null,
            at: Date.now(),
          });
        });
      }
    }
  }
  window.EventSource = RecordedEventSource;
})();`;

export interface RecordedConnection {
  url: string;
  openedAt: number;
}

export interface RecordedEvent {
  /** Index into `connections`. */
  connection: number;
  type: string;
  /** The frame's id (`lastEventId`); null for open/error. */
  id: string | null;
  /** The frame's data (JSON text); null for open/error. */
  data: string | null;
  at: number;
}

export interface LiveStreamLog {
  connections: RecordedConnection[];
  events: RecordedEvent[];
}

/** Installs the recorder for every document the page loads from now on (call before `goto`). */
export async function recordLiveStream(page: Page): Promise<void> {
  await page.addInitScript({ content: RECORDER });
}

export async function liveStreamLog(page: Page): Promise<LiveStreamLog> {
  const log = await page.evaluate(() => (globalThis as unknown as { __sse?: LiveStreamLog }).__sse ?? null);
  if (!log) throw new Error('no live-stream recorder in this page (recordLiveStream before the first goto)');
  return log;
}

export interface JobFrame {
  id: string;
  type: string;
  connection: number;
  progress: number;
  status: string;
  /** When the page received it (ms since the epoch). */
  at: number;
}

const parse = (data: string | null): Record<string, unknown> => {
  try {
    return data ? (JSON.parse(data) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The job's frames, in the order the page received them. */
export function jobFrames(log: LiveStreamLog, jobId: string): JobFrame[] {
  return log.events
    .filter((e) => (JOB_EVENT_TYPES as readonly string[]).includes(e.type))
    .map((e) => ({ event: e, data: parse(e.data) }))
    .filter(({ data }) => data.id === jobId)
    .map(({ event, data }) => ({
      id: event.id ?? '',
      type: event.type,
      connection: event.connection,
      progress: Number(data.progress),
      status: String(data.status),
      at: event.at,
    }));
}

export interface CreditsFrame {
  id: string;
  connection: number;
  balance: number;
  heldCredits: number;
}

export function creditsFrames(log: LiveStreamLog): CreditsFrame[] {
  return log.events
    .filter((e) => e.type === 'credits')
    .map((e) => {
      const data = parse(e.data);
      return {
        id: e.id ?? '',
        connection: e.connection,
        balance: Number(data.balance),
        heldCredits: Number(data.heldCredits),
      };
    });
}

/** Data frames (job and credits events), not control frames or open/error. */
export const dataFrames = (log: LiveStreamLog): RecordedEvent[] =>
  log.events.filter((e) => e.type === 'credits' || (JOB_EVENT_TYPES as readonly string[]).includes(e.type));

/** One line per frame for the log: `#conn id type {data}`. */
export const framesText = (events: readonly RecordedEvent[]): string[] =>
  events.map((e) => `#${e.connection} ${e.id ?? '-'} ${e.type}${e.data ? ` ${e.data}` : ''}`);
