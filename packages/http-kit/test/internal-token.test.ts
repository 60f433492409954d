import express from 'express';
import request from 'supertest';
import { SignJWT } from 'jose';
import { createLogger, createMetrics } from '@kadr/telemetry';
import {
  callerOf,
  createHttpApp,
  mintInternalToken,
  requireInternalCaller,
  verifyInternalToken,
  type InternalTokenKeys,
} from '../src';

const secret = 'a-test-internal-secret-of-32-chars!!';
const keys: InternalTokenKeys = { current: { kid: 'k1', secret } };

describe('internal identity token', () => {
  it('round-trips a user caller for the intended audience', async () => {
    const token = await mintInternalToken(
      { kind: 'user', userId: 'u-1', email: 'ann@example.com', name: 'Ann', roles: ['user'] },
      { keys, audience: 'commerce' },
    );
    await expect(verifyInternalToken(token, { keys, audience: 'commerce' })).resolves.toEqual({
      kind: 'user',
      userId: 'u-1',
      email: 'ann@example.com',
      name: 'Ann',
      roles: ['user'],
    });
  });

  it('round-trips a service caller', async () => {
    const token = await mintInternalToken(
      { kind: 'service', service: 'jobs', roles: [] },
      { keys, audience: 'commerce' },
    );
    await expect(verifyInternalToken(token, { keys, audience: 'commerce' })).resolves.toEqual({
      kind: 'service',
      service: 'jobs',
      roles: [],
    });
  });

  it('refuses another audience, another key, an expired token and a wrong algorithm', async () => {
    const token = await mintInternalToken(
      { kind: 'service', service: 'jobs', roles: [] },
      { keys, audience: 'commerce' },
    );
    await expect(verifyInternalToken(token, { keys, audience: 'media' })).rejects.toThrow();
    await expect(
      verifyInternalToken(token, { keys: { current: { kid: 'k1', secret: `${secret}-other` } }, audience: 'commerce' }),
    ).rejects.toThrow();
    const expired = await new SignJWT({ roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('kadr-internal')
      .setAudience('commerce')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(new TextEncoder().encode(secret));
    await expect(verifyInternalToken(expired, { keys, audience: 'commerce' })).rejects.toThrow();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u-1","aud":"commerce","iss":"kadr-internal"}').toString('base64url')}.`;
    await expect(verifyInternalToken(unsigned, { keys, audience: 'commerce' })).rejects.toThrow();
  });

  it('refuses a secret shorter than 32 characters', async () => {
    await expect(
      mintInternalToken(
        { kind: 'service', service: 'x', roles: [] },
        { keys: { current: { kid: 'k1', secret: 'short' } }, audience: 'a' },
      ),
    ).rejects.toThrow(/32/);
  });

  it('guards routes: 401 problem without a valid token, the caller exposed with one', async () => {
    const routes = express.Router();
    routes.use(requireInternalCaller({ keys, audience: 'commerce' }));
    routes.get('/whoami', (_req, res) => {
      res.json(callerOf(res));
    });
    const { app } = createHttpApp({
      service: 'commerce',
      logger: createLogger({ service: 'commerce', level: 'silent' }),
      metrics: createMetrics({ service: 'commerce', defaultMetrics: false }),
      routes,
    });
    const missing = await request(app).get('/whoami');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ type: '/problems/unauthorized', title: 'Authentication required' });
    const forged = await request(app).get('/whoami').set('authorization', 'Bearer not.a.jwt');
    expect(forged.status).toBe(401);
    const token = await mintInternalToken(
      { kind: 'user', userId: 'u-9', roles: ['admin'] },
      { keys, audience: 'commerce' },
    );
    const ok = await request(app).get('/whoami').set('authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ kind: 'user', userId: 'u-9', roles: ['admin'] });
  });
});
