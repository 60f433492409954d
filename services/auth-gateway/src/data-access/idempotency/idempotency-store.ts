/**
 * Idempotency records of state-changing `/bff` requests: per scope (the user) and
 * Idempotency-Key, a request is first claimed (in flight, with a lease) and then completed with
 * the response to replay, or released so the client can try again.
 */

/** A response as it is replayed: status, the headers worth repeating, the exact body bytes. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface IdempotencyRequest {
  /** Whose key space this is: `user:<id>` (keys of different users never meet). */
  scope: string;
  /** The client's Idempotency-Key. */
  key: string;
  /** What the request was (method, path, query, body), so a reused key is recognised. */
  fingerprint: string;
}

/** Proof of the claim; pass it back to complete or release. */
export interface IdempotencyClaim {
  readonly request: IdempotencyRequest;
  /** The stored in-flight value (unique per claim). */
  readonly token: string;
}

export type ClaimOutcome =
  /** This caller owns the key now and must complete or release it. */
  | { kind: 'claimed'; claim: IdempotencyClaim }
  /** Another request with this key is still running (or crashed and its lease has not run out). */
  | { kind: 'in_flight'; sameRequest: boolean }
  /** The key was used and its response kept. */
  | { kind: 'completed'; sameRequest: boolean; response: StoredResponse };

export interface IdempotencyStore {
  /**
   * Claims the key for `leaseMs` unless a record exists. Exactly one of any number of concurrent
   * claims (on any replica sharing the store) wins. An unfinished claim disappears after its
   * lease, so a crashed gateway does not block the key for the whole retention time.
   */
  claim(request: IdempotencyRequest, leaseMs: number): Promise<ClaimOutcome>;
  /**
   * Replaces the claim with the response, kept for `ttlMs`. False (and nothing written) when the
   * claim is no longer ours: its lease ran out, and maybe another request claimed the key.
   */
  complete(claim: IdempotencyClaim, response: StoredResponse, ttlMs: number): Promise<boolean>;
  /** Gives the key up (the request failed in a way worth retrying). False when it was no longer ours. */
  release(claim: IdempotencyClaim): Promise<boolean>;
}
