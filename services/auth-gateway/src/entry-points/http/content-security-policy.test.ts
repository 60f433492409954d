import { WEB_APP_INLINE_SCRIPT_HASHES } from '@kadr/contracts';
import { Router } from 'express';
import request from 'supertest';
import { createHttpApp } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { webAppContentSecurityPolicy, webAppHelmetOptions } from './app';

describe('webAppContentSecurityPolicy', () => {
  it('keeps everything on our own origin and forbids framing and plugins', () => {
    const csp = webAppContentSecurityPolicy('https://kadr.example');
    expect(csp['default-src']).toEqual(["'self'"]);
    // Our origin, and the pre-paint inline scripts by the hashes of their text (no 'unsafe-inline').
    expect(csp['script-src']).toEqual(["'self'", ...WEB_APP_INLINE_SCRIPT_HASHES]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toContain("'self'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });

  it('does not upgrade requests when the product is served over plain http (local development)', () => {
    expect(webAppContentSecurityPolicy('http://127.0.0.1:8080')).not.toHaveProperty('upgrade-insecure-requests');
  });
});

describe('webAppHelmetOptions', () => {
  // Issue 13: X-Frame-Options SAMEORIGIN contradicted the CSP's frame-ancestors 'none'.
  it('sends X-Frame-Options DENY, agreeing with frame-ancestors none', async () => {
    const routes = Router().get('/', (_req, res) => {
      res.send('ok');
    });
    const { app } = createHttpApp({
      service: 'auth-gateway',
      logger: createLogger({ service: 'auth-gateway', level: 'silent' }),
      metrics: createMetrics({ service: 'auth-gateway', defaultMetrics: false }),
      routes,
      helmet: webAppHelmetOptions('https://kadr.example'),
    });
    const res = await request(app).get('/');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
