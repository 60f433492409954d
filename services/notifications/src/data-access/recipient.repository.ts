import type { LanguageCode } from '@kadr/contracts';

/** Who a user is for e-mail: the address and language from `user.registered`. */
export interface Recipient {
  /** The user id. */
  id: string;
  email: string;
  name: string;
  language: LanguageCode;
}

export interface RecipientRepository {
  /** Creates or replaces (a redelivered registration writes the same values). */
  save(recipient: Recipient): Promise<void>;
  find(userId: string): Promise<Recipient | null>;
  delete(userId: string): Promise<boolean>;
  close(): Promise<void>;
}
