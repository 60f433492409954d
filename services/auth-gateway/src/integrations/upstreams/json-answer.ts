import type { z } from 'zod';
import type { InternalCaller } from '@kadr/http-kit';
import { UpstreamAnswerError } from './upstream-errors';
import type { UpstreamName } from './upstream-names';
import type { BufferedAnswer, Upstreams } from './upstreams';

export interface JsonGet {
  path: string;
  caller: InternalCaller;
  /** Default: UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * GET of an internal JSON API: the answer must be 2xx and match the callee's published contract,
 * otherwise `UpstreamAnswerError` (time-outs, connection errors and 5xx throw the upstream errors
 * and count for the breaker).
 */
export async function getJson<S extends z.ZodType>(
  upstreams: Upstreams,
  upstream: UpstreamName,
  request: JsonGet,
  schema: S,
): Promise<z.output<S>> {
  const answer = await upstreams.fetch(upstream, {
    method: 'GET',
    path: request.path,
    caller: request.caller,
    headers: { accept: 'application/json' },
    timeoutMs: request.timeoutMs,
  });
  return parseJsonAnswer(upstream, answer, schema);
}

export function parseJsonAnswer<S extends z.ZodType>(
  upstream: UpstreamName,
  answer: BufferedAnswer,
  schema: S,
): z.output<S> {
  if (answer.status < 200 || answer.status >= 300) {
    throw new UpstreamAnswerError(upstream, answer.status, 'not a success');
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new UpstreamAnswerError(upstream, answer.status, 'the body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new UpstreamAnswerError(upstream, answer.status, `the body does not match the contract (at "${where}")`);
  }
  return parsed.data;
}
