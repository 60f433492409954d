import http from 'node:http';

/** One event as a browser's EventSource would dispatch it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
  retry?: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a non-stream answer (a problem), once it ended. */
  body: Promise<string>;
  events: ReceivedEvent[];
  /** Resolves when the server ended the stream (or the connection broke). */
  ended: Promise<void>;
  /** Waits until `count` events match (default: any event), or fails after the deadline. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, count?: number, deadlineMs?: number): Promise<ReceivedEvent[]>;
  /** The job and credits events (no connected / heartbeat). */
  dataEvents(): ReceivedEvent[];
  close(): void;
}

export interface OpenStreamOptions {
  cookie?: string;
  lastEventId?: string;
  /** Sent as `?lastEventId=` (a new EventSource cannot set the header). */
  lastEventIdQuery?: string;
  path?: string;
}

const CONTROL_EVENTS = new Set(['connected', 'heartbeat', 'reset', 'reconnect']);

/**
 * Parses a text/event-stream the way the WHATWG algorithm does (fields `id`, `event`, `data`,
 * `retry`; blank line dispatches; comments ignored), over a real HTTP connection.
 */
export function openStream(baseUrl: string, options: OpenStreamOptions = {}): Promise<SseStream> {
  const url = new URL(options.path ?? '/bff/sse/jobs', baseUrl);
  if (options.lastEventIdQuery !== undefined) url.searchParams.set('lastEventId', options.lastEventIdQuery);
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;

  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let current: Partial<ReceivedEvent> & { dataLines: string[] } = { dataLines: [] };
      let lastId: string | undefined;
      let rawBody = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const notify = () => {
        for (const waiter of [...waiters]) waiter();
      };
      const isStream = (res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!isStream) {
          rawBody += chunk;
          return;
        }
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) !== -1) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.dataLines.length > 0) {
              events.push({
                id: lastId,
                event: current.event ?? 'message',
                data: current.dataLines.join('\n'),
                ...(current.retry === undefined ? {} : { retry: current.retry }),
              });
            }
            current = { dataLines: [] };
            continue;
          }
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') lastId = value;
          else if (field === 'event') current.event = value;
          else if (field === 'data') current.dataLines.push(value);
          else if (field === 'retry') current.retry = Number(value);
        }
        notify();
      });
      const finish = () => {
        endedResolve();
        notify();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      const body = ended.then(() => rawBody);

      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        events,
        ended,
        dataEvents: () => events.filter((e) => !CONTROL_EVENTS.has(e.event)),
        waitFor(predicate, count = 1, deadlineMs = 5_000) {
          const matching = () => events.filter(predicate);
          if (matching().length >= count) return Promise.resolve(matching());
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `timed out waiting for ${count} events; got ${JSON.stringify(events.map((e) => [e.id, e.event, e.data]))}`,
                ),
              );
            }, deadlineMs);
            const check = () => {
              if (matching().length >= count) {
                clearTimeout(timer);
                waiters.delete(check);
                ok(matching());
              }
            };
            waiters.add(check);
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}

/** The parsed `data` of a job or credits event. */
export const dataOf = (event: ReceivedEvent): Record<string, unknown> =>
  JSON.parse(event.data) as Record<string, unknown>;
