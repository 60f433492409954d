/**
 * A test double for the network boundary: replaces `fetch` with a function that records every
 * request and answers what the test scripts. Only for unit tests (never imported by app code).
 */

export interface RecordedRequest {
  method: string;
  url: string;
  /** The URL's path without the query. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  signal?: AbortSignal;
}

export type FakeAnswer =
  | { kind: 'reply'; status: number; text: string; headers: Record<string, string> }
  | { kind: 'network-error' }
  /** No answer until the request is aborted. */
  | { kind: 'hang' }
  | { kind: 'delayed'; ms: number; answer: FakeAnswer };

export const answer = {
  json: (status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
    kind: 'reply',
    status,
    text: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  }),
  text: (status: number, text: string, headers: Record<string, string> = {}): FakeAnswer => ({
    kind: 'reply',
    status,
    text,
    headers: { 'content-type': 'text/plain', ...headers },
  }),
  empty: (status = 204, headers: Record<string, string> = {}): FakeAnswer => ({
    kind: 'reply',
    status,
    text: '',
    headers,
  }),
  /** An RFC 9457 problem of our catalogue, `type: /problems/<reason>`. */
  problem: (
    status: number,
    reason: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): FakeAnswer => ({
    kind: 'reply',
    status,
    text: JSON.stringify({ type: `/problems/${reason}`, title: reason, status, detail: `${reason} detail`, ...extra }),
    headers: { 'content-type': 'application/problem+json', ...headers },
  }),
  networkError: (): FakeAnswer => ({ kind: 'network-error' }),
  hang: (): FakeAnswer => ({ kind: 'hang' }),
  delayed: (ms: number, inner: FakeAnswer): FakeAnswer => ({ kind: 'delayed', ms, answer: inner }),
};

export type FakeHandler = (request: RecordedRequest, index: number) => FakeAnswer;

/** Answers in order; the last one repeats. */
export function inOrder(...answers: FakeAnswer[]): FakeHandler {
  return (_request, index) => {
    const next = answers[Math.min(index, answers.length - 1)];
    if (!next) throw new Error('inOrder needs at least one answer');
    return next;
  };
}

function abortError(): Error {
  const error = new Error('The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

function fakeResponse(reply: Extract<FakeAnswer, { kind: 'reply' }>): Response {
  const headers = new Map(Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    status: reply.status,
    ok: reply.status >= 200 && reply.status < 300,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    text: () => Promise.resolve(reply.text),
  } as unknown as Response;
}

function play(fake: FakeAnswer, signal: AbortSignal | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (timer) clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (current: FakeAnswer): void => {
      switch (current.kind) {
        case 'reply':
          signal?.removeEventListener('abort', onAbort);
          resolve(fakeResponse(current));
          return;
        case 'network-error':
          signal?.removeEventListener('abort', onAbort);
          reject(new TypeError('Failed to fetch'));
          return;
        case 'hang':
          return; // only the abort ends it
        case 'delayed':
          timer = setTimeout(() => settle(current.answer), current.ms);
          return;
      }
    };
    settle(fake);
  });
}

export interface FakeServer {
  requests: RecordedRequest[];
  /** Replaces the script. */
  handle(handler: FakeHandler): void;
  /** Puts the real `fetch` (or its absence) back. */
  restore(): void;
}

/** Installs the fake as the global `fetch`. */
export function installFakeServer(handler: FakeHandler = inOrder(answer.json(200, {}))): FakeServer {
  const requests: RecordedRequest[] = [];
  let current = handler;
  const original = globalThis.fetch;

  const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://kadr.test');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[name.toLowerCase()] = value;
    }
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init.credentials,
      cache: init.cache,
      signal: init.signal ?? undefined,
    };
    const index = requests.length;
    requests.push(request);
    return play(current(request, index), request.signal);
  };

  globalThis.fetch = fakeFetch;
  return {
    requests,
    handle(next) {
      current = next;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}

/** Sets what `navigator.onLine` says and fires the matching window event. */
export function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
