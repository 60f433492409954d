import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';

/** Search-as-you-type waits this long after the last key before it asks the server. */
export const USER_SEARCH_DEBOUNCE_MS = 300;
/** The admin service refuses a longer `q` (services/admin/README.md). */
export const USER_SEARCH_MAX_LENGTH = 200;
/** A user's jobs page: the spec's admin page size too (the jobs service allows 1–100). */
export const ADMIN_USER_JOBS_TAKE = ADMIN_USERS_DEFAULT_TAKE;
/** The jobs service keeps at most this much of a mark-failed reason (AdminMarkFailedRequestSchema). */
export const MARK_FAILED_REASON_MAX_LENGTH = 500;
/** A credit adjustment (CreditAdjustmentRequestSchema): at most this many credits either way, a reason of 3–200 characters. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;
export const CREDIT_ADJUSTMENT_REASON_MIN_LENGTH = 3;
export const CREDIT_ADJUSTMENT_REASON_MAX_LENGTH = 200;
/** A user's orders page in the admin user detail (commerce allows 1–100). */
export const ADMIN_USER_ORDERS_TAKE = 10;
/** A chargeback's reason (ChargebackRequestSchema): 3–200 characters, shown to the user on their credit history. */
export const CHARGEBACK_REASON_MIN_LENGTH = 3;
export const CHARGEBACK_REASON_MAX_LENGTH = 200;
