import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';

/** The admin service refuses a longer discard reason (ADMIN_DISCARD_REASON_MAX_LENGTH of @kadr/contracts). */
export const DISCARD_REASON_MAX_LENGTH = 500;
/** A topic's dead letters per page: the admin screens' page size. */
export const DEAD_LETTERS_TAKE = ADMIN_USERS_DEFAULT_TAKE;
