import type { TopicHandler } from '@kadr/event-bus';
import type { CreditAccounts } from '../../domain/credits/accounts';

/** `user.registered` → open the account with the welcome grant (insert-or-read: once per user). */
export function onUserRegistered(accounts: CreditAccounts): TopicHandler<'user.registered'> {
  return async (event) => {
    await accounts.ensure(event.payload.value.userId, event.correlationId);
  };
}
