import type { GatewayConfig } from '../../config';

/** The services behind the gateway; each name is also the audience of the tokens minted for it. */
export const UPSTREAM_NAMES = ['commerce', 'jobs', 'media', 'i18n', 'admin', 'notifications'] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

export type UpstreamUrlConfig = Pick<
  GatewayConfig,
  'COMMERCE_URL' | 'JOBS_URL' | 'MEDIA_URL' | 'I18N_URL' | 'ADMIN_URL' | 'NOTIFICATIONS_URL'
>;

/** Base URL per upstream from the configuration; `undefined` = not configured (its routes answer 503). */
export function upstreamBaseUrls(config: UpstreamUrlConfig): Record<UpstreamName, string | undefined> {
  return {
    commerce: config.COMMERCE_URL,
    jobs: config.JOBS_URL,
    media: config.MEDIA_URL,
    i18n: config.I18N_URL,
    admin: config.ADMIN_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
}
