/**
 * One client process of the SSE benchmark: opens its share of the streams and records when each
 * event arrives. Several of these run side by side (run.ts forks them), so 10,000 sockets and
 * their parsing are not all on one event loop — the clients must not be the bottleneck measured.
 * Driven by the parent over IPC.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type ToClients =
  | { type: 'open'; url: string; streams: Array<{ user: number; cookie: string }> }
  | { type: 'collect' }
  | { type: 'close' };

export type FromClients =
  /** Sent every 200 ms: streams that got `connected`, events that arrived on them. */
  | { type: 'progress'; held: number; arrived: number }
  /** Flat triples: user, round, arrival time (ms, `performance.timeOrigin + now()`). */
  | { type: 'arrivals'; arrivals: number[] };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send?.(message);

interface Stream {
  user: number;
  connected: boolean;
  /** Arrival time per round. */
  arrivals: number[];
  req: http.ClientRequest;
}

function open(url: string, user: number, cookie: string, onConnected: () => void): Stream {
  const stream: Stream = { user, connected: false, arrivals: [], req: undefined as never };
  stream.req = http.get(
    new URL('/bff/sse/jobs', url),
    { headers: { cookie, accept: 'text/event-stream' }, agent: false },
    (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!stream.connected && block.includes('event: connected')) {
            stream.connected = true;
            onConnected();
          }
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: credits') && data) {
            // The round travels as the balance.
            const { balance } = JSON.parse(data) as { balance: number };
            if (stream.arrivals[balance] === undefined) arrived += 1;
            stream.arrivals[balance] = at;
          }
        }
      });
    },
  );
  stream.req.on('error', () => undefined);
  return stream;
}

const streams: Stream[] = [];
let held = 0;
let arrived = 0;
let reporting: NodeJS.Timeout | undefined;

process.on('message', (message: ToClients) => {
  if (message.type === 'open') {
    void (async () => {
      for (const [i, { user, cookie }] of message.streams.entries()) {
        streams.push(open(message.url, user, cookie, () => (held += 1)));
        // A little pacing, as browsers arriving, rather than one SYN flood.
        if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // Progress reports until the parent has what it needs (it stops us with `close`).
    reporting ??= setInterval(() => send({ type: 'progress', held, arrived }), 200);
  } else if (message.type === 'collect') {
    const arrivals: number[] = [];
    for (const stream of streams) {
      if (!stream.connected) continue;
      stream.arrivals.forEach((at, round) => arrivals.push(stream.user, round, at));
    }
    send({ type: 'arrivals', arrivals });
  } else {
    for (const stream of streams) stream.req.destroy();
    process.exit(0);
  }
});
