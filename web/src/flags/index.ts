export {
  useFlag,
  useFlags,
  decideFlag,
  FLAG_KEYS,
  FLAGS_QUERY_KEY,
  type FeatureFlag,
  type FlagDecision,
} from './flags';
export { isInRollout, rolloutBucket, fnv1a32 } from './rollout';
export { getBrowserId, BROWSER_ID_STORAGE_KEY } from './browser-id';
