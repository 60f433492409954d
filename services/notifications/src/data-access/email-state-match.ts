import type { EmailState } from '../domain/inbox/notification';

/**
 * What identifies an e-mail state for a conditional write: its name, and the time that makes one
 * `pending` or `sending` different from the next (a rescheduled `pending` has another `dueAt`).
 */
export function emailStateKey(state: EmailState): { state: EmailState['state']; at?: Date } {
  if (state.state === 'pending') return { state: state.state, at: state.dueAt };
  if (state.state === 'sending') return { state: state.state, at: state.claimedAt };
  return { state: state.state };
}

export function sameEmailState(stored: EmailState, expected: EmailState): boolean {
  const a = emailStateKey(stored);
  const b = emailStateKey(expected);
  return a.state === b.state && a.at?.getTime() === b.at?.getTime();
}
