/**
 * A browser's live channel for one user: `GET /bff/sse/jobs`, read as a stream, reconnecting
 * with `Last-Event-ID` like EventSource does, and recording every `credits` event (once per
 * stream id). The first connection asks for everything after `0-0` — the start of the user's
 * feed — so the welcome grant recorded before the browser connected is seen too.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface CreditsSeen {
  /** The feed's entry id (the SSE `id:`). */
  id: string;
  balance: number;
  heldCredits: number;
}

interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
}

export class LiveFeedRecorder {
  readonly credits: CreditsSeen[] = [];
  /** `reset` control events: the feed could not replay from where this client stood. */
  resets = 0;
  reconnects = 0;
  private lastId = '0-0';
  private readonly seen = new Set<string>();
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly cookieHeader: () => string,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  /** The newest totals the feed delivered, or undefined before any `credits` event. */
  get latest(): CreditsSeen | undefined {
    return this.credits.at(-1);
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        await this.readOnce();
      } catch {
        // A dropped connection: reconnect from the last id, as EventSource would.
      }
      if (this.stopping.signal.aborted) return;
      this.reconnects += 1;
      await sleep(300);
    }
  }

  private async readOnce(): Promise<void> {
    const response = await fetch(this.url, {
      headers: { accept: 'text/event-stream', cookie: this.cookieHeader(), 'last-event-id': this.lastId },
      signal: this.stopping.signal,
    });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      throw new Error(`live feed answered ${response.status}`);
    }
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        this.onFrame(parseFrame(buffered.slice(0, end)));
        buffered = buffered.slice(end + 2);
      }
    }
  }

  private onFrame(frame: SseFrame): void {
    if (frame.event === 'reset') this.resets += 1;
    if (frame.id) this.lastId = frame.id;
    if (frame.event !== 'credits' || !frame.id || !frame.data || this.seen.has(frame.id)) return;
    this.seen.add(frame.id);
    const data = JSON.parse(frame.data) as { balance: number; heldCredits: number };
    this.credits.push({ id: frame.id, balance: data.balance, heldCredits: data.heldCredits });
  }
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue; // a comment (keep-alive) or an empty line
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event') frame[field] = value;
    else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return frame;
}
