import type { Request, RequestHandler, Response } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from '../../../data-access/idempotency';
import { sessionOf } from '../03-session/request-context';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  parseIdempotencyKey,
  STATE_CHANGING_METHODS,
} from './idempotency-key';
import { requestFingerprint } from './request-fingerprint';
import { recordResponse, type RecordedResponse } from './response-recorder';
import type { GatewayMetrics } from '../../metrics/gateway-metrics';

export interface IdempotencyOptions {
  store: IdempotencyStore;
  /** How long a completed response is replayed (IDEMPOTENCY_TTL_HOURS). */
  retentionMs: number;
  /** How long an unfinished claim blocks its key; longer than the upstream time-out. */
  leaseMs: number;
  logger: Logger;
  /** Larger responses are not kept (the key is released). Default 1 MiB. */
  maxStoredBodyBytes?: number;
  /** Told of every replay and every conflict (the gateway's metrics). */
  metrics?: Pick<GatewayMetrics, 'idempotentReplay' | 'idempotencyConflict'>;
}

/** Only these response headers are replayed; the correlation id is always the current request's. */
const REPLAYED_HEADERS = ['content-type', 'location'];

const DEFAULT_MAX_STORED_BODY_BYTES = 1024 * 1024;

/**
 * Idempotency-Key on every state-changing request (ARCHITECTURE §5):
 * - missing or malformed key → 400 `validation` naming the header;
 * - first use → the request proceeds; its response is recorded as it streams out and kept for
 *   `retentionMs` — 2xx–4xx only. A 5xx (the gateway's own time-out, proxy and breaker answers
 *   included), a response too large to keep, or a client that went away releases the key, so the
 *   client can retry; the services dedupe too, by the forwarded key;
 * - same key, same request, completed → the kept status, content-type, location and body with
 *   `Idempotent-Replayed: true`;
 * - same key, same request, still running → 409 `conflict`;
 * - same key, different method, path, query or body → 422 `idempotency_key_reuse`.
 * Keys are per user (per client IP without a session).
 */
export function idempotencyMiddleware(options: IdempotencyOptions): RequestHandler {
  const { store, retentionMs, leaseMs, logger, metrics } = options;
  const maxBodyBytes = options.maxStoredBodyBytes ?? DEFAULT_MAX_STORED_BODY_BYTES;

  return async (req, res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) {
      next();
      return;
    }
    const key = parseIdempotencyKey(req.get(IDEMPOTENCY_KEY_HEADER));
    const request = { scope: scopeOf(req, res), key, fingerprint: fingerprintOf(req) };
    const outcome = await store.claim(request, leaseMs).catch((error: unknown) => {
      logger.error({ err: error }, 'idempotency store unavailable');
      throw new HttpProblem('service_unavailable', {
        detail: 'We could not check this request right now. Please try again shortly.',
      });
    });

    if (outcome.kind !== 'claimed') {
      if (!outcome.sameRequest) {
        metrics?.idempotencyConflict();
        throw new HttpProblem('idempotency_key_reuse');
      }
      if (outcome.kind === 'in_flight') {
        metrics?.idempotencyConflict();
        throw new HttpProblem('conflict', {
          detail: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
        });
      }
      metrics?.idempotentReplay();
      replay(res, outcome.response);
      return;
    }

    const { claim } = outcome;
    recordResponse(res, {
      maxBodyBytes,
      beforeEnd: (recorded) => settle(claim, recorded),
      onAbandoned: () => void release(claim),
    });
    next();
  };

  async function settle(claim: IdempotencyClaim, recorded: RecordedResponse): Promise<void> {
    if (recorded.status >= 500 || recorded.body === undefined) {
      await release(claim);
      return;
    }
    const response: StoredResponse = {
      status: recorded.status,
      headers: pick(recorded.headers, REPLAYED_HEADERS),
      body: recorded.body,
    };
    try {
      if (!(await store.complete(claim, response, retentionMs))) {
        logger.warn('idempotency claim lost before completion (its lease ran out); the response was not kept');
      }
    } catch (error) {
      logger.error({ err: error }, 'could not keep the response of an idempotent request');
    }
  }

  async function release(claim: IdempotencyClaim): Promise<void> {
    try {
      await store.release(claim);
    } catch (error) {
      // The lease ends the claim anyway.
      logger.error({ err: error }, 'could not release an idempotency claim');
    }
  }
}

function scopeOf(req: Request, res: Response): string {
  const session = sessionOf(res);
  return session ? `user:${session.user.id}` : `ip:${req.ip ?? 'unknown'}`;
}

function fingerprintOf(req: Request): string {
  const queryStart = req.originalUrl.indexOf('?');
  return requestFingerprint({
    method: req.method,
    path: queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart),
    query: queryStart === -1 ? '' : req.originalUrl.slice(queryStart + 1),
    body: req.body as unknown,
  });
}

function replay(res: Response, stored: StoredResponse): void {
  res.status(stored.status);
  for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value);
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.end(stored.body);
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));
}
