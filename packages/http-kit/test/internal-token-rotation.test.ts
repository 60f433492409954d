import express from 'express';
import request from 'supertest';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { createLogger, createMetrics } from '@kadr/telemetry';
import {
  callerOf,
  createHttpApp,
  internalTokenKeys,
  mintInternalToken,
  requireInternalCaller,
  verifyInternalToken,
  type InternalCaller,
  type InternalTokenKeyConfig,
  type InternalTokenKeys,
} from '../src';

const SECRET_1 = 'first-internal-token-secret-0123456789';
const SECRET_2 = 'second-internal-token-secret-0123456789';
const SECRET_3 = 'third-internal-token-secret-0123456789';

/** Each step of the rotation as a service's environment (what an operator sets). */
const BEFORE: InternalTokenKeyConfig = { INTERNAL_TOKEN_SECRET: SECRET_1, INTERNAL_TOKEN_KEY_ID: 'k1' };
const STEP_1: InternalTokenKeyConfig = {
  INTERNAL_TOKEN_SECRET: SECRET_1,
  INTERNAL_TOKEN_KEY_ID: 'k1',
  INTERNAL_TOKEN_ACCEPTED_SECRET: SECRET_2,
  INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2',
};
const STEP_2: InternalTokenKeyConfig = {
  INTERNAL_TOKEN_SECRET: SECRET_2,
  INTERNAL_TOKEN_KEY_ID: 'k2',
  INTERNAL_TOKEN_ACCEPTED_SECRET: SECRET_1,
  INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1',
};
const STEP_3: InternalTokenKeyConfig = { INTERNAL_TOKEN_SECRET: SECRET_2, INTERNAL_TOKEN_KEY_ID: 'k2' };

const caller: InternalCaller = { kind: 'service', service: 'jobs', roles: [] };
const GENERIC_DETAIL = 'The internal identity token is invalid or expired.';

/** Service B: `commerce` with the given configuration, answering its caller on GET /whoami. */
function serviceB(config: InternalTokenKeyConfig) {
  const routes = express.Router();
  routes.use(requireInternalCaller({ keys: internalTokenKeys(config), audience: 'commerce' }));
  routes.get('/whoami', (_req, res) => {
    res.json(callerOf(res));
  });
  return createHttpApp({
    service: 'commerce',
    logger: createLogger({ service: 'commerce', level: 'silent' }),
    metrics: createMetrics({ service: 'commerce', defaultMetrics: false }),
    routes,
  }).app;
}

/** Service A (configured as given) calls service B (configured as given): B's status code. */
async function call(a: InternalTokenKeyConfig, b: InternalTokenKeyConfig): Promise<request.Response> {
  const token = await mintInternalToken(caller, { keys: internalTokenKeys(a), audience: 'commerce' });
  return request(serviceB(b)).get('/whoami').set('authorization', `Bearer ${token}`);
}

/** A token as a service without key ids mints it: no `kid` in the header. */
function tokenWithoutKid(secret: string, { expired = false } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('service:jobs')
    .setIssuer('kadr-internal')
    .setAudience('commerce')
    .setIssuedAt(expired ? now - 600 : now)
    .setExpirationTime(expired ? now - 300 : now + 60)
    .sign(new TextEncoder().encode(secret));
}

describe('rotating the internal token key without an outage', () => {
  it('mints with the current key and names it in the header', async () => {
    const k1 = await mintInternalToken(caller, { keys: internalTokenKeys(STEP_1), audience: 'commerce' });
    expect(decodeProtectedHeader(k1)).toMatchObject({ alg: 'HS256', kid: 'k1' });
    const k2 = await mintInternalToken(caller, { keys: internalTokenKeys(STEP_2), audience: 'commerce' });
    expect(decodeProtectedHeader(k2)).toMatchObject({ alg: 'HS256', kid: 'k2' });
  });

  it('before: A mints with k1, B knows k1', async () => {
    const res = await call(BEFORE, BEFORE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'service', service: 'jobs', roles: [] });
  });

  it('step 1 (k2 accepted everywhere, k1 still minted): every mix of upgraded and not-yet-upgraded services', async () => {
    expect((await call(BEFORE, STEP_1)).status).toBe(200); // B upgraded first, A still mints k1
    expect((await call(STEP_1, BEFORE)).status).toBe(200); // A upgraded first: it still mints k1
    expect((await call(STEP_1, STEP_1)).status).toBe(200); // both on step 1
  });

  it('step 2 (k2 minted, k1 accepted): B still on step 1 accepts A, and the other way round', async () => {
    expect((await call(STEP_2, STEP_1)).status).toBe(200); // k2 token: B's accepted key
    expect((await call(STEP_1, STEP_2)).status).toBe(200); // k1 token: the step-2 service's accepted key
    expect((await call(STEP_2, STEP_2)).status).toBe(200);
  });

  it('step 3 (k1 dropped everywhere): a k1 token is refused with 401, a k2 token accepted', async () => {
    expect((await call(STEP_2, STEP_3)).status).toBe(200);
    expect((await call(STEP_3, STEP_3)).status).toBe(200);
    for (const k1Minter of [BEFORE, STEP_1]) {
      const refused = await call(k1Minter, STEP_3);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ type: '/problems/unauthorized', detail: GENERIC_DETAIL });
      expect(refused.text).not.toMatch(/k1|k2|kid/);
    }
  });

  it('refuses an unknown key id with the same 401 as any bad token, and never tries another key for it', async () => {
    const k3: InternalTokenKeyConfig = { INTERNAL_TOKEN_SECRET: SECRET_3, INTERNAL_TOKEN_KEY_ID: 'k3' };
    const unknown = await call(k3, STEP_2);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ type: '/problems/unauthorized', detail: GENERIC_DETAIL });
    expect(unknown.text).not.toContain('k3');

    // Signed with a secret B holds, under an id B does not know: still refused.
    const renamed: InternalTokenKeyConfig = { INTERNAL_TOKEN_SECRET: SECRET_2, INTERNAL_TOKEN_KEY_ID: 'k9' };
    expect((await call(renamed, STEP_2)).status).toBe(401);

    // Claims k2 but is signed with k1's secret: the id picks the key, so it is refused although k1 is held.
    const mislabelled = await mintInternalToken(caller, {
      keys: { current: { kid: 'k2', secret: SECRET_1 } },
      audience: 'commerce',
    });
    await expect(
      verifyInternalToken(mislabelled, { keys: internalTokenKeys(STEP_2), audience: 'commerce' }),
    ).rejects.toThrow();
  });
});

describe('a token without a key id (minted by a service not yet upgraded)', () => {
  const ring = internalTokenKeys(STEP_1); // current k1 (SECRET_1), accepted k2 (SECRET_2)
  const expected = { kind: 'service', service: 'jobs', roles: [] };

  it('verifies against the current key', async () => {
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_1), { keys: ring, audience: 'commerce' }),
    ).resolves.toEqual(expected);
  });

  it('then against the accepted key', async () => {
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_2), { keys: ring, audience: 'commerce' }),
    ).resolves.toEqual(expected);
    const res = await request(serviceB(STEP_2))
      .get('/whoami')
      .set('authorization', `Bearer ${await tokenWithoutKid(SECRET_1)}`);
    expect(res.status).toBe(200);
  });

  it('is refused when neither key signed it, or when it is expired', async () => {
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_3), { keys: ring, audience: 'commerce' }),
    ).rejects.toThrow();
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_1), { keys: internalTokenKeys(STEP_3), audience: 'commerce' }),
    ).rejects.toThrow();
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_1, { expired: true }), { keys: ring, audience: 'commerce' }),
    ).rejects.toThrow(/exp/);
    await expect(
      verifyInternalToken(await tokenWithoutKid(SECRET_2, { expired: true }), { keys: ring, audience: 'commerce' }),
    ).rejects.toThrow(/exp/);
    const res = await request(serviceB(STEP_3))
      .get('/whoami')
      .set('authorization', `Bearer ${await tokenWithoutKid(SECRET_1)}`);
    expect(res.status).toBe(401);
  });
});

describe('internalTokenKeys(config)', () => {
  it('builds the ring: current always, accepted only with both of its variables', () => {
    expect(internalTokenKeys(BEFORE)).toEqual({ current: { kid: 'k1', secret: SECRET_1 } });
    expect(internalTokenKeys(STEP_2)).toEqual({
      current: { kid: 'k2', secret: SECRET_2 },
      accepted: { kid: 'k1', secret: SECRET_1 },
    });
  });

  it('refuses half an accepted key, the same key id twice and a short secret', () => {
    expect(() => internalTokenKeys({ ...BEFORE, INTERNAL_TOKEN_ACCEPTED_SECRET: SECRET_2 })).toThrow(
      /INTERNAL_TOKEN_ACCEPTED_KEY_ID/,
    );
    expect(() => internalTokenKeys({ ...BEFORE, INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2' })).toThrow(
      /INTERNAL_TOKEN_ACCEPTED_SECRET/,
    );
    expect(() =>
      internalTokenKeys({ ...BEFORE, INTERNAL_TOKEN_ACCEPTED_SECRET: SECRET_2, INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1' }),
    ).toThrow(/key id/);
    expect(() =>
      internalTokenKeys({ ...BEFORE, INTERNAL_TOKEN_ACCEPTED_SECRET: 'short', INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2' }),
    ).toThrow(/32/);
  });

  it('is checked when the middleware is built, not at the first request', () => {
    const keys: InternalTokenKeys = {
      current: { kid: 'k1', secret: SECRET_1 },
      accepted: { kid: 'k1', secret: SECRET_2 },
    };
    expect(() => requireInternalCaller({ keys, audience: 'commerce' })).toThrow(/key id/);
  });
});
