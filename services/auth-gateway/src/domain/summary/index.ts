export { TIERS, tierOf, defaultMaxResolution, type Tier } from './tier';
export {
  UserSummarySchema,
  SUMMARY_PARTS,
  loadUserSummary,
  composeUserSummary,
  type UserSummary,
  type SummaryPart,
  type SummarySources,
  type SummaryUser,
} from './user-summary';
