import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KeyValueStore } from '@kadr/kv-store';
import type {
  ClaimOutcome,
  IdempotencyClaim,
  IdempotencyRequest,
  IdempotencyStore,
  StoredResponse,
} from './idempotency-store';

const RecordSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('in_flight'), fingerprint: z.string(), token: z.string() }),
  z.object({
    state: z.literal('completed'),
    fingerprint: z.string(),
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    /** base64: the body bytes exactly as sent. */
    body: z.string(),
  }),
]);
type StoredRecord = z.infer<typeof RecordSchema>;

/** A claim can lose a race with an expiring record; a few rounds settle it. */
const CLAIM_ATTEMPTS = 3;

/**
 * The idempotency store on the KeyValueStore port (Redis in the distributed mode, memory in the
 * embedded mode): one JSON value per scope + key.
 *
 * - claim: `setIfAbsent` of an in-flight record with a unique token and the lease as TTL, so
 *   exactly one concurrent claim wins on every replica sharing the store.
 * - complete: the in-flight value is read and, if it is still this claim's, replaced by the
 *   completed record with the retention TTL. The port has no compare-and-set, so a claim whose
 *   lease ran out between that read and the write could be overwritten; leases are longer than
 *   the upstream time-out, so that needs a request that already outlived its lease.
 * - release: `compareAndDelete` of this claim's exact value (atomic).
 */
export class KeyValueIdempotencyStore implements IdempotencyStore {
  readonly #kv: KeyValueStore;
  readonly #prefix: string;

  /** `keyPrefix` namespaces the records inside the store (default `idempotency:`). */
  constructor(kv: KeyValueStore, { keyPrefix = 'idempotency:' }: { keyPrefix?: string } = {}) {
    this.#kv = kv;
    this.#prefix = keyPrefix;
  }

  async claim(request: IdempotencyRequest, leaseMs: number): Promise<ClaimOutcome> {
    const key = this.#keyOf(request);
    const token = JSON.stringify({
      state: 'in_flight',
      fingerprint: request.fingerprint,
      token: randomUUID(),
    } satisfies StoredRecord);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      if (await this.#kv.setIfAbsent(key, token, leaseMs)) return { kind: 'claimed', claim: { request, token } };
      const existing = parseRecord(await this.#kv.get(key));
      // Gone between the two calls (released or expired): try to claim again.
      if (!existing) continue;
      const sameRequest = existing.fingerprint === request.fingerprint;
      if (existing.state === 'in_flight') return { kind: 'in_flight', sameRequest };
      return {
        kind: 'completed',
        sameRequest,
        response: { status: existing.status, headers: existing.headers, body: Buffer.from(existing.body, 'base64') },
      };
    }
    // Still flapping after several rounds: someone else is busy with this key.
    return { kind: 'in_flight', sameRequest: true };
  }

  async complete(claim: IdempotencyClaim, response: StoredResponse, ttlMs: number): Promise<boolean> {
    const key = this.#keyOf(claim.request);
    if ((await this.#kv.get(key)) !== claim.token) return false;
    const record: StoredRecord = {
      state: 'completed',
      fingerprint: claim.request.fingerprint,
      status: response.status,
      headers: response.headers,
      body: response.body.toString('base64'),
    };
    await this.#kv.set(key, JSON.stringify(record), ttlMs);
    return true;
  }

  release(claim: IdempotencyClaim): Promise<boolean> {
    return this.#kv.compareAndDelete(this.#keyOf(claim.request), claim.token);
  }

  /** The scope is length-prefixed so no scope/key pair can be spelled like another. */
  #keyOf({ scope, key }: IdempotencyRequest): string {
    return `${this.#prefix}${scope.length}:${scope}:${key}`;
  }
}

function parseRecord(raw: string | null): StoredRecord | undefined {
  if (raw === null) return undefined;
  const parsed = RecordSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error('an idempotency record in the store has an unknown shape');
  return parsed.data;
}
