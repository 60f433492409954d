/**
 * The body of `POST /bff/telemetry` — its types, names and the limits the gateway enforces — is
 * `@kadr/contracts/values` (the gateway's schema is built from the same), so the client trims to
 * those limits and never earns a 400. This is the client's own limit on top of them.
 */

/**
 * A batch stays below this many bytes of JSON: the gateway's body limit is 100 kB and a `keepalive`
 * request (the flush on page hide) may carry at most 64 KiB. What does not fit waits for the next flush.
 */
export const TELEMETRY_MAX_BATCH_BYTES = 60_000;
