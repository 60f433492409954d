import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { withCurrentService } from './service-attribution';

/**
 * The correlation id of the request or message being handled, carried through async calls so
 * every log line and every outgoing call or event can name it.
 */
const store = new AsyncLocalStorage<{ correlationId: string }>();

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** A caller-supplied id is kept only when it is well formed (no header or log injection). */
export function acceptCorrelationId(candidate: unknown): string {
  return typeof candidate === 'string' && WELL_FORMED.test(candidate) ? candidate : randomUUID();
}

export function runWithCorrelationId<T>(correlationId: string, fn: () => T): T {
  return store.run({ correlationId }, fn);
}

export function currentCorrelationId(): string | undefined {
  return store.getStore()?.correlationId;
}

/**
 * Runs `work` outside any request: no correlation id and no active trace. For background work a
 * request merely started (an outbox pass delivers other requests' entries too), so its logs and
 * spans are not attributed to that request. The service doing the work stays known.
 */
export function outsideRequestContext<T>(work: () => T): T {
  return store.exit(() => context.with(withCurrentService(ROOT_CONTEXT), work));
}
