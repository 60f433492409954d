export type {
  IdempotencyStore,
  IdempotencyRequest,
  IdempotencyClaim,
  ClaimOutcome,
  StoredResponse,
} from './idempotency-store';
export { KeyValueIdempotencyStore } from './kv-idempotency-store';
