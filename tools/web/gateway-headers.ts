/**
 * The security headers the gateway sends with its web app, asked of the gateway itself: its
 * express app as `createGatewayApp` builds it (http-kit's `createHttpApp` with
 * `webAppHelmetOptions`), once with an http and once with an https PUBLIC_URL. Every response
 * header counts except the per-response ones below, so a header a helmet upgrade adds shows up in
 * the comparison instead of missing from nginx.
 */
import { Router } from 'express';
import request from 'supertest';
import { createHttpApp } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { webAppHelmetOptions } from '../../services/auth-gateway/src/entry-points/http/app';
import type { SecurityHeaders } from './nginx-header-file';

/** Describe the response, not the site's security policy; nginx sets its own. */
const PER_RESPONSE = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
  'x-correlation-id',
]);

async function headersFor(publicUrl: string): Promise<Record<string, string>> {
  const { app } = createHttpApp({
    service: 'auth-gateway',
    logger: createLogger({ service: 'auth-gateway', level: 'silent' }),
    metrics: createMetrics({ service: 'auth-gateway', defaultMetrics: false }),
    routes: Router().get('/', (_req, res) => {
      res.type('html').send('<!doctype html>');
    }),
    helmet: webAppHelmetOptions(publicUrl),
  });
  const res = await request(app).get('/').set('Accept', 'text/html');
  return Object.fromEntries(
    Object.entries(res.headers as Record<string, string>).filter(([name]) => !PER_RESPONSE.has(name)),
  );
}

export async function gatewaySecurityHeaders(): Promise<SecurityHeaders> {
  return {
    http: await headersFor('http://127.0.0.1:8080'),
    https: await headersFor('https://kadr.example'),
  };
}
