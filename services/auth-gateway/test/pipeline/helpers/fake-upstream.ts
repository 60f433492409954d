import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import {
  callerOf,
  requireInternalCaller,
  sendProblem,
  toProblem,
  type InternalCaller,
  type InternalTokenKeys,
} from '@kadr/http-kit';

export const TEST_SECRET = 'test-only-internal-secret-0123456789abcdef';
/** The keys of a service configured with TEST_SECRET alone (the default key id). */
export const TEST_KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: TEST_SECRET } };

export interface ReceivedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  caller: InternalCaller;
  token: string;
}

export type FakeHandler = (req: Request, res: Response, received: ReceivedRequest) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  received: ReceivedRequest[];
  /** Replaces what the upstream answers from now on. */
  answer(handler: FakeHandler): void;
  close(): Promise<void>;
}

/**
 * A service behind the gateway on 127.0.0.1, port 0. Like a real service it accepts only calls
 * with an internal token for its own audience (`requireInternalCaller` of @kadr/http-kit); it
 * records every accepted request and answers with the current handler (default: 200 `{ ok }`).
 */
export async function startFakeUpstream(audience: string, handler?: FakeHandler): Promise<FakeUpstream> {
  let current: FakeHandler =
    handler ??
    ((_req, res) => {
      res.json({ ok: true });
    });
  const received: ReceivedRequest[] = [];
  const app = express();
  app.use(express.json());
  app.use(requireInternalCaller({ keys: TEST_KEYS, audience }));
  app.use(async (req, res) => {
    const record: ReceivedRequest = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: req.body as unknown,
      caller: callerOf(res),
      token: (req.get('authorization') ?? '').slice('Bearer '.length),
    };
    received.push(record);
    await current(req, res, record);
  });
  app.use((error: unknown, _req: Request, res: Response, _next: () => void) => {
    sendProblem(res, toProblem(error));
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
