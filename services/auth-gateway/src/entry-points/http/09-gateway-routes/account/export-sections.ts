import { z } from 'zod';
import {
  BillingLedgerLineSchema,
  InboxResponseSchema,
  NOTIFICATIONS_PATHS,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesSchema,
  NotificationViewSchema,
  JobViewSchema,
  LanguageCodeSchema,
  MEDIA_MAX_PAGE_LIMIT,
  MediaItemSchema,
  OrderSchema,
  SubscriptionDetailsSchema,
} from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import { exportSections, readEveryPage, type ExportSection } from '../../../../domain/account-export';
import {
  getJson,
  type CommerceClient,
  type I18nClient,
  type JobsClient,
  type MediaClient,
  type Upstreams,
} from '../../../../integrations/upstreams';

/** What a section is read with: who the person is, and the services' clients (each call carries the person's token). */
export interface ExportSources {
  caller: InternalCaller;
  upstreams: Upstreams;
  commerce: CommerceClient;
  jobs: JobsClient;
  media: MediaClient;
  i18n: I18nClient;
  /** PUBLIC_URL: the archive's links are absolute, so they still lead somewhere from a file on disk. */
  publicUrl: string;
}

/** The largest page each paged read allows: fewer calls for a long history. */
const PAGE_SIZE = 100;

const section = <T>(name: string, schema: z.ZodType<T>, load: (sources: ExportSources) => Promise<T>) =>
  ({ name, schema, load }) as ExportSection<ExportSources>;

const LedgerSectionSchema = z.object({
  /** The balance after the newest line (the credits badge's). */
  balance: z.number().int(),
  currency: z.string(),
  /** Every line, newest first, each with the balance after it. */
  lines: z.array(BillingLedgerLineSchema),
});

/**
 * The archive's sections, each read from the service that owns it with the person's own token (so
 * a service can only answer with the caller's data). A new owner of personal data adds one entry
 * here — e.g. `section('notifications', NotificationsSchema, ({ upstreams, caller }) =>
 * getJson(upstreams, 'notifications', { path: '/api/notifications', caller }, …))` — and the route,
 * the failure rule (any section missing → 503, no archive) and the API document follow.
 */
export const EXPORT_SECTIONS = exportSections<ExportSources>([
  section('settings', z.object({ aiProvider: z.string() }), async ({ jobs, caller }) => ({
    aiProvider: await jobs.providerSetting(caller),
  })),
  section('language', z.object({ preferred: LanguageCodeSchema }), async ({ i18n, caller }) => ({
    preferred: await i18n.userLanguage(caller),
  })),
  section('subscription', SubscriptionDetailsSchema, ({ commerce, caller }) => commerce.subscriptionDetails(caller)),
  section('jobs', z.array(JobViewSchema), ({ jobs, caller }) =>
    readEveryPage(async (index) => {
      const items = await jobs.historyPage(caller, { skip: index * PAGE_SIZE, take: PAGE_SIZE });
      return { items, more: items.length === PAGE_SIZE };
    }),
  ),
  section('ledger', LedgerSectionSchema, async ({ commerce, caller }) => {
    const first = await commerce.ledgerPage(caller, { skip: 0, take: PAGE_SIZE });
    const lines = await readEveryPage(async (index) => {
      const page =
        index === 0 ? first : await commerce.ledgerPage(caller, { skip: index * PAGE_SIZE, take: PAGE_SIZE });
      return { items: page.items, more: page.skip + page.items.length < page.total };
    });
    return { balance: first.balance, currency: first.currency, lines };
  }),
  section('orders', z.array(OrderSchema), ({ commerce, caller }) =>
    readEveryPage(async (index) => {
      const page = await commerce.ordersPage(caller, { skip: index * PAGE_SIZE, take: PAGE_SIZE });
      return { items: page.items, more: page.skip + page.items.length < page.total };
    }),
  ),
  section('videos', z.array(MediaItemSchema), async ({ media, caller, publicUrl }) => {
    const videos = await readEveryPage(async (index) => {
      const page = await media.videosPage(caller, { page: index + 1, limit: MEDIA_MAX_PAGE_LIMIT });
      return { items: page.data, more: page.pagination.hasNext };
    });
    const absolute = (path: string) => new URL(path, publicUrl).href;
    return videos.map((video) => ({ ...video, url: absolute(video.url), thumbnailUrl: absolute(video.thumbnailUrl) }));
  }),
  section(
    'notifications',
    z.object({ preferences: NotificationPreferencesSchema, inbox: z.array(NotificationViewSchema) }),
    async ({ upstreams, caller }) => {
      const [inbox, preferences] = await Promise.all([
        getJson(upstreams, 'notifications', { path: NOTIFICATIONS_PATHS.inbox, caller }, InboxResponseSchema),
        getJson(
          upstreams,
          'notifications',
          { path: NOTIFICATIONS_PATHS.preferences, caller },
          NotificationPreferencesResponseSchema,
        ),
      ]);
      return { preferences: preferences.data, inbox: inbox.data };
    },
  ),
]);
