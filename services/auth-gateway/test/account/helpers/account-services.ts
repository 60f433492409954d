import type { Request } from 'express';
import type {
  BillingLedgerLine,
  JobView,
  LanguageCode,
  MediaItem,
  NotificationPreferences,
  NotificationView,
  Order,
  SubscriptionDetails,
} from '@kadr/contracts';
import {
  startFakeUpstream,
  type FakeHandler,
  type FakeUpstream,
  type ReceivedRequest,
} from '../../pipeline/helpers/fake-upstream';

/** Everything the services keep about one person, as their APIs answer it. */
export interface PersonData {
  aiProvider: string;
  language: LanguageCode;
  subscription: SubscriptionDetails;
  jobs: JobView[];
  ledger: BillingLedgerLine[];
  balance: number;
  orders: Order[];
  videos: MediaItem[];
  notifications: NotificationView[];
  notificationPreferences: NotificationPreferences;
}

const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

/** `count` of each kind for `userId`, newest first (the services' order), every id naming its owner. */
export function personData(userId: string, count: { jobs: number; ledger: number; orders: number; videos: number }) {
  const newestFirst = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(n - 1 - i));
  const data: PersonData = {
    notifications: [],
    notificationPreferences: { email: true, browser: true },
    aiProvider: 'local',
    language: 'en',
    subscription: {
      plan: 'starter',
      status: 'active',
      allowance: { limit: 50, used: 3, periodEnd: at(100_000) },
      maxResolution: '720p',
      tier: 'PRO',
      periodStart: at(0),
      cancelAtPeriodEnd: false,
    },
    jobs: newestFirst(count.jobs, (i) => ({
      id: `${userId}-job-${i}`,
      kind: 'generate',
      sourceJobId: null,
      status: 'COMPLETED',
      progress: 100,
      createdAt: at(i),
      updatedAt: at(i),
      prompt: `prompt ${i} of ${userId}`,
      modelId: 'kadr-motion-v1',
      provider: 'local',
      duration: 5,
      quality: 'Lite',
      speed: 'Normal',
      aspectRatio: '16:9',
      width: 854,
      height: 480,
      seed: i,
      negativePrompt: null,
      cost: 3,
      chargedFrom: 'credits',
      attempt: 1,
      errorCode: null,
      errorMessage: null,
      completedAt: at(i),
      output: null,
    })),
    ledger: newestFirst(count.ledger, (i) => ({
      id: `${userId}-line-${i}`,
      kind: 'grant',
      balanceDelta: 1,
      heldDelta: 0,
      allowanceDelta: 0,
      reference: 'welcome',
      referenceType: 'welcome',
      reason: null,
      occurredAt: at(i),
      balanceAfter: i + 1,
      heldAfter: 0,
    })),
    balance: count.ledger,
    orders: newestFirst(count.orders, (i) => ({
      id: `${userId}-order-${i}`,
      status: 'paid',
      kind: 'package',
      packageId: 'credits-100',
      planId: null,
      credits: 100,
      price: { amountMinor: 1900, currency: 'PLN' },
      provider: 'mock',
      paymentUrl: '',
      createdAt: at(i),
      paidAt: at(i),
    })),
    videos: newestFirst(count.videos, (i) => ({
      id: `${userId}-video-${i}`,
      jobId: `${userId}-job-${i}`,
      createdAt: at(i),
      filename: `video-${i}.mp4`,
      type: 'video/mp4',
      url: `/video/${userId}-job-${i}`,
      thumbnailUrl: `/thumbs/${userId}-job-${i}`,
      durationSeconds: 5,
      width: 854,
      height: 480,
      sizeBytes: 1000,
    })),
  };
  data.notifications = data.jobs.slice(0, 50).map((job) => ({
    id: job.id,
    kind: 'job_completed',
    jobId: job.id,
    prompt: job.prompt.slice(0, 200),
    reason: null,
    createdAt: job.createdAt,
    readAt: null,
  }));
  data.notificationPreferences = { email: false, browser: true };
  return data;
}

export interface AccountServices {
  commerce: FakeUpstream;
  jobs: FakeUpstream;
  media: FakeUpstream;
  i18n: FakeUpstream;
  notifications: FakeUpstream;
  /** The gateway's variables pointing at them. */
  env: Record<string, string>;
  /** Every request the four received. */
  received(): ReceivedRequest[];
  /** From now on, requests for these paths answer 503 `db_transient` (an empty list heals them). */
  failPaths(paths: string[]): void;
  close(): Promise<void>;
}

const numberOf = (req: Request, name: string, fallback: number) => {
  const value = Number(req.query[name]);
  return Number.isInteger(value) ? value : fallback;
};

/**
 * Commerce, jobs, media, i18n and notifications as fakes that answer each caller with that caller's data only
 * (the user id of the internal token picks it), paging like the real routes.
 */
export async function startAccountServices(people: Map<string, PersonData>): Promise<AccountServices> {
  const of = (userId: string | undefined) => {
    const person = userId === undefined ? undefined : people.get(userId);
    if (!person) throw new Error(`no test data for ${userId}`);
    return person;
  };
  const callerId = (received: ReceivedRequest) =>
    received.caller.kind === 'user' ? received.caller.userId : undefined;
  let failing = new Set<string>();
  /** A service that answers its handler, unless its path is failing. */
  const service = (audience: string, handler: FakeHandler) =>
    startFakeUpstream(audience, async (req, res, received) => {
      if (failing.has(req.path)) res.status(503).json({ type: '/problems/db_transient', status: 503 });
      else await handler(req, res, received);
    });

  const commerce = await service('commerce', (req, res, received) => {
    const person = of(callerId(received));
    const skip = numberOf(req, 'skip', 0);
    const take = numberOf(req, 'take', 20);
    if (req.path === '/api/commerce/subscription') res.json({ data: person.subscription });
    else if (req.path === '/api/commerce/ledger') {
      res.json({
        items: person.ledger.slice(skip, skip + take),
        total: person.ledger.length,
        skip,
        take,
        balance: person.balance,
        currency: 'credits',
      });
    } else if (req.path === '/api/commerce/orders') {
      res.json({ items: person.orders.slice(skip, skip + take), total: person.orders.length, skip, take });
    } else res.status(404).json({ type: '/problems/not_found' });
  });
  const jobs = await service('jobs', (req, res, received) => {
    const person = of(callerId(received));
    const skip = numberOf(req, 'skip', 0);
    const take = numberOf(req, 'take', 20);
    if (req.path === '/api/settings/ai-provider') res.json({ provider: person.aiProvider });
    else if (req.path === '/jobs/recent') res.json({ items: person.jobs.slice(skip, skip + take) });
    else res.status(404).json({ type: '/problems/not_found' });
  });
  const media = await service('media', (req, res, received) => {
    const person = of(callerId(received));
    const page = numberOf(req, 'page', 1);
    const limit = numberOf(req, 'limit', 12);
    const from = (page - 1) * limit;
    res.json({
      data: person.videos.slice(from, from + limit),
      pagination: { page, limit, total: person.videos.length, hasNext: from + limit < person.videos.length },
    });
  });
  const i18n = await service('i18n', (_req, res, received) => {
    res.json({ data: { language: of(callerId(received)).language } });
  });
  const notifications = await service('notifications', (req, res, received) => {
    const person = of(callerId(received));
    if (req.path === '/api/notifications')
      res.json({ data: person.notifications, unread: person.notifications.length });
    else if (req.path === '/api/notifications/preferences') res.json({ data: person.notificationPreferences });
    else res.status(404).json({ type: '/problems/not_found' });
  });
  const all = [commerce, jobs, media, i18n, notifications];
  return {
    commerce,
    jobs,
    media,
    i18n,
    notifications,
    env: {
      COMMERCE_URL: commerce.url,
      JOBS_URL: jobs.url,
      MEDIA_URL: media.url,
      I18N_URL: i18n.url,
      NOTIFICATIONS_URL: notifications.url,
    },
    received: () => all.flatMap((upstream) => upstream.received),
    failPaths: (paths) => {
      failing = new Set(paths);
    },
    close: async () => {
      await Promise.all(all.map((upstream) => upstream.close()));
    },
  };
}
