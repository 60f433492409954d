import { accountExportSchema } from '../../../../domain/account-export';
import {
  ACCOUNT_EXPORT_PATH,
  ACCOUNT_PATH,
  AccountDeletedSchema,
  AccountDeletionBodySchema,
  EXPORT_SECTIONS,
} from '../account';
import type { OpenApiRegistry } from './openapi-registry';

/** The gateway's own account routes: the person's data export and their own account's deletion. */
export function addAccountOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['account'], proxied: true };
  return registry
    .add({
      ...common,
      method: 'get',
      path: `/bff${ACCOUNT_EXPORT_PATH}`,
      summary: 'Download all of my data (JSON)',
      description:
        `An attachment \`kadr-data-<yyyy-mm-dd>.json\` (\`Cache-Control: no-store\`): the profile and ${EXPORT_SECTIONS.map((s) => `\`${s.name}\``).join(', ')}, ` +
        "each read from the service that owns it with the caller's identity. When any part cannot be read: 503 and no file " +
        '(never a partial archive). Own rate limit: `RATE_LIMIT_EXPORT_PER_HOUR` per user.',
      responses: {
        200: {
          description: 'The archive',
          schema: accountExportSchema(EXPORT_SECTIONS),
          headers: { 'Content-Disposition': 'attachment; filename="kadr-data-<yyyy-mm-dd>.json"' },
        },
      },
    })
    .add({
      ...common,
      method: 'delete',
      path: `/bff${ACCOUNT_PATH}`,
      summary: 'Delete my account',
      description:
        "`confirmEmail` must be the account's e-mail address (any letter case), else 400 on `confirmEmail`. Starts the " +
        "same purge as an administrator's deletion (every service erases the person's data), ends every session of the " +
        'person on every device and clears the cookies. The administrator is refused (409).',
      body: AccountDeletionBodySchema,
      destructive: true,
      responses: { 202: { description: 'Purge started, signed out', schema: AccountDeletedSchema } },
    });
}
