import { z } from 'zod';

/** The gateway's own account routes, relative to `/bff` (the router is mounted there). */
export const ACCOUNT_PATH = '/platform/account';
export const ACCOUNT_EXPORT_PATH = '/platform/account/export';

const CONFIRM_EMAIL = 'Type the e-mail address of your account to confirm.';

/** `DELETE /bff/platform/account`: the person types their account's e-mail again (any letter case). */
export const AccountDeletionBodySchema = z
  .strictObject({
    confirmEmail: z.string({ error: CONFIRM_EMAIL }).trim().min(1, CONFIRM_EMAIL).max(320, CONFIRM_EMAIL),
  })
  .meta({ id: 'AccountDeletionBody' });
export type AccountDeletionBody = z.infer<typeof AccountDeletionBodySchema>;

/** 202: the purge has started and every session of the person has ended (the cookies are cleared). */
export const AccountDeletedSchema = z
  .object({
    data: z.object({
      userId: z.string(),
      purge: z.literal('accepted'),
      /** Where the browser goes now: the landing page, signed out. */
      redirectTo: z.string(),
    }),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>;
