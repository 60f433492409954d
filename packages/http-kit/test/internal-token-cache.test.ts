import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  internalTokenKeys,
  mintInternalToken,
  verifyInternalToken,
  type InternalCaller,
  type InternalTokenKeys,
} from '../src';
import { BoundedCache } from '../src/bounded-cache';

const SECRET_1 = 'first-internal-token-secret-0123456789';
const SECRET_2 = 'second-internal-token-secret-0123456789';

const ann: InternalCaller = { kind: 'user', userId: 'u-ann', email: 'ann@example.com', name: 'Ann', roles: ['user'] };
const bob: InternalCaller = { kind: 'user', userId: 'u-bob', email: 'bob@example.com', name: 'Bob', roles: ['user'] };

describe('minted internal tokens are reused until shortly before they expire', () => {
  let keys: InternalTokenKeys;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T12:00:00.000Z') });
    keys = internalTokenKeys({ INTERNAL_TOKEN_SECRET: SECRET_1, INTERNAL_TOKEN_KEY_ID: 'k1' });
  });
  afterEach(() => jest.useRealTimers());

  it('hands the same caller the same token for the same audience, and a fresh one near expiry', async () => {
    const first = await mintInternalToken(ann, { keys, audience: 'commerce' });
    jest.advanceTimersByTime(44_000);
    expect(await mintInternalToken(ann, { keys, audience: 'commerce' })).toBe(first);

    // 60 s lifetime: with less than 15 s left the token is not handed out again.
    jest.advanceTimersByTime(2_000);
    const second = await mintInternalToken(ann, { keys, audience: 'commerce' });
    expect(second).not.toBe(first);
    expect(decodeJwt(second).exp).toBe(decodeJwt(first).exp! + 46);
    await expect(verifyInternalToken(second, { keys, audience: 'commerce' })).resolves.toMatchObject({
      userId: 'u-ann',
    });
  });

  it('mints separate tokens per audience, per user and per claim set', async () => {
    const forCommerce = await mintInternalToken(ann, { keys, audience: 'commerce' });
    const forJobs = await mintInternalToken(ann, { keys, audience: 'jobs' });
    const forBob = await mintInternalToken(bob, { keys, audience: 'commerce' });
    const asAdmin = await mintInternalToken({ ...ann, roles: ['user', 'admin'] }, { keys, audience: 'commerce' });
    expect(new Set([forCommerce, forJobs, forBob, asAdmin]).size).toBe(4);
    await expect(verifyInternalToken(forJobs, { keys, audience: 'jobs' })).resolves.toMatchObject({ userId: 'u-ann' });
    await expect(verifyInternalToken(forJobs, { keys, audience: 'commerce' })).rejects.toThrow();
    await expect(verifyInternalToken(forBob, { keys, audience: 'commerce' })).resolves.toMatchObject({
      userId: 'u-bob',
    });
    await expect(verifyInternalToken(asAdmin, { keys, audience: 'commerce' })).resolves.toMatchObject({
      roles: ['user', 'admin'],
    });
  });

  it('mints with the new key id once the current key changes', async () => {
    const before = await mintInternalToken(ann, { keys, audience: 'commerce' });
    const rotated = internalTokenKeys({
      INTERNAL_TOKEN_SECRET: SECRET_2,
      INTERNAL_TOKEN_KEY_ID: 'k2',
      INTERNAL_TOKEN_ACCEPTED_SECRET: SECRET_1,
      INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1',
    });
    const after = await mintInternalToken(ann, { keys: rotated, audience: 'commerce' });
    expect(decodeProtectedHeader(before).kid).toBe('k1');
    expect(decodeProtectedHeader(after).kid).toBe('k2');
    await expect(verifyInternalToken(after, { keys: rotated, audience: 'commerce' })).resolves.toMatchObject({
      userId: 'u-ann',
    });
  });
});

describe('BoundedCache', () => {
  it('drops the least recently used entry past its size', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // `a` is now the newest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});
