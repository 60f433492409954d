import { canonicalJson, requestFingerprint } from './request-fingerprint';

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
});
