import { HttpProblem, MAX_JSON_DEPTH } from '@kadr/http-kit';
import { canonicalJson, requestFingerprint } from './request-fingerprint';

const nested = (depth: number): unknown => {
  let value: unknown = { leaf: true };
  for (let level = 1; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

const base = {
  method: 'POST',
  path: '/bff/platform/jobs',
  query: 'a=1&b=2',
  body: { prompt: 'cat', options: { x: 1, y: [2, 3] } },
};

describe('request fingerprint', () => {
  it('is the same however the JSON keys or query parameters are ordered', () => {
    expect(
      requestFingerprint({
        ...base,
        method: 'post',
        query: 'b=2&a=1',
        body: { options: { y: [2, 3], x: 1 }, prompt: 'cat' },
      }),
    ).toBe(requestFingerprint(base));
  });

  it.each([
    ['method', { method: 'PUT' }],
    ['path', { path: '/bff/platform/jobs/1' }],
    ['query', { query: 'a=1&b=3' }],
    ['body value', { body: { prompt: 'dog', options: { x: 1, y: [2, 3] } } }],
    ['array order', { body: { prompt: 'cat', options: { x: 1, y: [3, 2] } } }],
    ['no body', { body: undefined }],
  ])('changes with the %s', (_what, change) => {
    expect(requestFingerprint({ ...base, ...change })).not.toBe(requestFingerprint(base));
  });

  it('is a sha256 in hex', () => {
    expect(requestFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });

  // Issue 13 finding 4: a body nested 3,000 deep overflowed the stack in sortKeys (a 500).
  it('refuses a body nested past the limit with a 400 validation problem, not a RangeError', () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 3_000, 100_000]) {
      let thrown: unknown;
      try {
        requestFingerprint({ ...base, body: nested(depth) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpProblem);
      expect(thrown).toMatchObject({ status: 400, reason: 'validation' });
    }
  });

  it(`fingerprints a body nested exactly ${MAX_JSON_DEPTH} levels`, () => {
    expect(requestFingerprint({ ...base, body: nested(MAX_JSON_DEPTH) })).toMatch(/^[0-9a-f]{64}$/);
  });
});
