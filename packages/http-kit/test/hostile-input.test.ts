import { Router } from 'express';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { createHttpApp, MAX_JSON_DEPTH, parseInput, startHttpServer, toProblem, type RunningServer } from '../src';

/**
 * Finding 4 of issue 13 (and the cause of finding 1): malformed URLs, bodies that do not match
 * their Content-Encoding and over-deep JSON made express/body-parser/zlib throw errors the kit
 * mapped to 500. Each row is a hostile request; every one must be a 4xx problem+json with a
 * catalogue type and the correlation id, and never reach the route.
 */
function buildApp() {
  const reached: string[] = [];
  const routes = Router();
  routes.get('/items/:id', (req, res) => {
    reached.push(req.path);
    res.json({ id: req.params.id });
  });
  routes.post('/items', (req, res) => {
    reached.push(req.path);
    res.status(201).json(parseInput(z.record(z.string(), z.unknown()), req.body));
  });
  const { app } = createHttpApp({
    service: 'hostile',
    logger: createLogger({ service: 'hostile', level: 'silent' }),
    metrics: createMetrics({ service: 'hostile', defaultMetrics: false }),
    routes,
    jsonLimit: '100kb',
  });
  return { app, reached };
}

const nested = (depth: number): string => `${'{"a":'.repeat(depth - 1)}{"name":"x"}${'}'.repeat(depth - 1)}`;
const nestedArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

interface HostileRow {
  name: string;
  method: 'get' | 'post';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  status: number;
  type: string;
}

const json = { 'content-type': 'application/json' };
const ROWS: HostileRow[] = [
  { name: 'truncated percent-encoding', method: 'get', path: '/items/%E0%A4%A', status: 400, type: 'validation' },
  { name: 'non-hex percent-encoding', method: 'get', path: '/items/%ZZ', status: 400, type: 'validation' },
  { name: 'overlong UTF-8 (%C0%AF)', method: 'get', path: '/items/%C0%AF', status: 400, type: 'validation' },
  { name: 'lone surrogate (%ED%A0%80)', method: 'get', path: '/items/%ED%A0%80', status: 400, type: 'validation' },
  {
    name: 'gzip that is not gzip',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: '{"name":"x"}',
    status: 400,
    type: 'validation',
  },
  {
    name: 'gzip cut short',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync('{"name":"x"}').subarray(0, 12),
    status: 400,
    type: 'validation',
  },
  {
    name: 'deflate that is not deflate',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'deflate' },
    body: 'not deflate at all',
    status: 400,
    type: 'validation',
  },
  {
    name: 'br that is not brotli',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'br' },
    body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01]),
    status: 400,
    type: 'validation',
  },
  {
    name: 'an unknown content encoding',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'compress' },
    body: '{"name":"x"}',
    status: 400,
    type: 'validation',
  },
  {
    name: 'an unknown charset',
    method: 'post',
    path: '/items',
    headers: { 'content-type': 'application/json; charset=utf-9' },
    body: '{"name":"x"}',
    status: 400,
    type: 'validation',
  },
  {
    name: 'a gzip bomb (10 MB of zeros inflated past the limit)',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync(`{"name":"${'0'.repeat(10_000_000)}"}`),
    status: 413,
    type: 'payload_too_large',
  },
  {
    name: 'brotli bomb',
    method: 'post',
    path: '/items',
    headers: { ...json, 'content-encoding': 'br' },
    body: brotliCompressSync(`{"name":"${'0'.repeat(10_000_000)}"}`),
    status: 413,
    type: 'payload_too_large',
  },
  {
    name: 'objects nested 3,000 deep',
    method: 'post',
    path: '/items',
    headers: json,
    body: nested(3000),
    status: 400,
    type: 'validation',
  },
  {
    name: 'arrays nested 40,000 deep',
    method: 'post',
    path: '/items',
    headers: json,
    body: nestedArray(40_000),
    status: 400,
    type: 'validation',
  },
  {
    name: `one level past the limit (${MAX_JSON_DEPTH + 1})`,
    method: 'post',
    path: '/items',
    headers: json,
    body: nested(MAX_JSON_DEPTH + 1),
    status: 400,
    type: 'validation',
  },
  {
    name: 'JSON that is not JSON',
    method: 'post',
    path: '/items',
    headers: json,
    body: '{"name":',
    status: 400,
    type: 'validation',
  },
];

/**
 * Sent with fetch on a real socket: supertest re-serialises Buffer bodies given a JSON content
 * type, and these rows need their bytes sent exactly as written.
 */
async function send(server: RunningServer, row: Pick<HostileRow, 'method' | 'path' | 'headers' | 'body'>) {
  const response = await fetch(server.url + row.path, {
    method: row.method.toUpperCase(),
    headers: { 'x-correlation-id': 'hostile-input-0001', ...row.headers },
    body: row.body,
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

describe('hostile input through createHttpApp', () => {
  let built: ReturnType<typeof buildApp>;
  let server: RunningServer;
  beforeAll(async () => {
    built = buildApp();
    server = await startHttpServer(built.app, { port: 0 });
  });
  beforeEach(() => {
    built.reached.length = 0;
  });
  afterAll(() => server.close(0));

  it.each(ROWS)('$name → $status $type, problem+json, route not reached', async (row) => {
    const res = await send(server, row);

    expect(res.status).toBe(row.status);
    expect(res.contentType).toMatch(/^application\/problem\+json/);
    const body = JSON.parse(res.text) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: `/problems/${row.type}`,
      status: row.status,
      correlationId: 'hostile-input-0001',
      detail: expect.stringMatching(/\w+ \w+/),
    });
    expect(body.detail).not.toMatch(/URIError|zlib|stack|RangeError/i);
    expect(built.reached).toEqual([]);
  });

  it(`still accepts JSON nested exactly ${MAX_JSON_DEPTH} levels, a valid gzip body and good percent-encoding`, async () => {
    const deepest = await send(server, { method: 'post', path: '/items', headers: json, body: nested(MAX_JSON_DEPTH) });
    expect(deepest.status).toBe(201);
    const gzipped = await send(server, {
      method: 'post',
      path: '/items',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync('{"name":"zipped"}'),
    });
    expect(gzipped.status).toBe(201);
    expect(JSON.parse(gzipped.text)).toEqual({ name: 'zipped' });
    const encoded = await send(server, { method: 'get', path: '/items/%C5%BC%C3%B3%C5%82w' });
    expect(JSON.parse(encoded.text)).toEqual({ id: 'żółw' });
  });

  /** An error shaped like body-parser's (http-errors: status, expose, type). */
  const createError = (status: number, cause: string | Error, props: Record<string, unknown> = {}) =>
    Object.assign(typeof cause === 'string' ? new Error(cause) : cause, { status, expose: status < 500, ...props });

  // Bodies that end early need a client that lies mid-request; body-parser reports them with
  // these errors, which the mapping must keep in the 400 family.
  it.each([
    ['request.aborted', createError(400, 'request aborted', { type: 'request.aborted' }), 400],
    ['request.size.invalid', createError(400, 'request size did not match', { type: 'request.size.invalid' }), 400],
    ['entity.too.large', createError(413, 'too large', { type: 'entity.too.large' }), 413],
    [
      'a zlib error wrapped in a 400',
      createError(400, Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' })),
      400,
    ],
    ['a URIError', new URIError('URI malformed'), 400],
    ["send's exposed 403 (express.static)", createError(403, 'Forbidden'), 403],
    ['an exposed 404', createError(404, 'Not Found'), 404],
    ['an exposed 416', createError(416, 'Range Not Satisfiable'), 400],
  ])('maps %s to a 4xx', (_name, error, status) => {
    expect(toProblem(error).status).toBe(status);
  });

  it('still maps an unknown error to 500 unknown', () => {
    expect(toProblem(new RangeError('Maximum call stack size exceeded')).reason).toBe('unknown');
  });
});
