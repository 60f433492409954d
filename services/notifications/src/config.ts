import { z } from 'zod';
import { breakerEnv, envPositiveInt, internalTokenKeyCheck, serviceBaseEnv, storageEnv } from '@kadr/config';

const optionalUrl = z.url({ error: 'must be an absolute URL' }).optional();

/** The notifications service's environment (see README.md). */
export const notificationsConfigSchema = z
  .object({
    ...serviceBaseEnv(8087),
    /**
     * Where e-mail goes: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
     * `smtps://…:465`. Unset: an in-process mail catcher writes every message to
     * DATA_DIR/notifications/mail (embedded and compose; viewable at `/dev/mail`), or — without
     * DATA_DIR — messages are kept in memory only (tests).
     */
    SMTP_URL: z
      .url({ error: 'must be an smtp:// or smtps:// URL' })
      .refine((url) => /^smtps?:\/\//.test(url), { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    /** The sender of every e-mail, e.g. `Kadr <no-reply@kadr.example>`. */
    MAIL_FROM: z.string().min(3).default('Kadr <no-reply@kadr.local>'),
    /** The product's public origin: links in e-mails (the job page, the unsubscribe link) start with it. */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://localhost:8080'),
    /** Signs the unsubscribe links (HS256); at least 32 characters. Rotating it voids links already sent. */
    UNSUBSCRIBE_TOKEN_SECRET: z
      .string({ error: 'required: the key that signs unsubscribe links (at least 32 characters)' })
      .min(32, {
        error: 'must be at least 32 characters',
      }),
    /** The gateway (when a user was last on the site); unset: nobody counts as away, so no e-mail is sent. */
    GATEWAY_URL: optionalUrl,
    /** i18n (the language to write in); unset: the language the user registered with. */
    I18N_URL: optionalUrl,
    /** Time-out of one call to the gateway or i18n. */
    UPSTREAM_TIMEOUT_MS: envPositiveInt(5_000),
    ...breakerEnv,
    /** "After the user has left": every tab closed for this long (issue 20: more than 2 minutes). */
    EMAIL_AWAY_MS: envPositiveInt(120_000),
    /** How often due e-mails are looked for. */
    EMAIL_SCAN_MS: envPositiveInt(5_000),
    // Embedded mode: the inbox, preferences and mail persist under DATA_DIR/notifications.
    ...storageEnv('notifications'),
  })
  .check(internalTokenKeyCheck)
  .superRefine((config, ctx) => {
    // The mail catcher is for development: production must name its real SMTP relay.
    if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when NODE_ENV is production' });
    }
  });

export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;
