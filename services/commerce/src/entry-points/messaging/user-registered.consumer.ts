import { decodeEventOn } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import type { CreditAccounts } from '../../domain/credits/accounts';

/** `user.registered` → open the account with the welcome grant (insert-or-read: once per user). */
export function onUserRegistered(accounts: CreditAccounts) {
  return async (message: DeliveredMessage): Promise<void> => {
    const event = decodeEventOn('user.registered', message.value);
    await accounts.ensure(event.payload.value.userId, event.correlationId);
  };
}
