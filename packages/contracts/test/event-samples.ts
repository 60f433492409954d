// One fully populated sample of every event: every field set to a non-default value, so a
// round trip exercises each field (events.test.ts checks that no field is left unset).
import {
  timestampFromDate,
  type EventCase,
  type EventPayloadInit,
  AspectRatio,
  ChargedFrom,
  CreditsChangeReason,
  JobKind,
  JobProgressKind,
  NotificationKind,
  JobStatus,
  VideoQuality,
  VideoSpeed,
} from '../src';

const at = (iso: string) => timestampFromDate(new Date(iso));

export const EVENT_SAMPLES: { [C in EventCase]: EventPayloadInit<C> } = {
  jobCreated: {
    case: 'jobCreated',
    value: {
      jobId: 'job-1',
      userId: 'user-1',
      prompt: 'A lighthouse at dawn, żółć gęślą jaźń',
      modelId: 'model-local-1',
      provider: 'local',
      durationSeconds: 10,
      quality: VideoQuality.PRO,
      speed: VideoSpeed.ULTRA_FAST,
      width: 1080,
      height: 1920,
      costCredits: 25,
      chargedFrom: ChargedFrom.CREDITS,
      createdAt: at('2025-01-02T03:04:05.678Z'),
      aspectRatio: AspectRatio.ASPECT_RATIO_9_16,
      seed: 2_147_483_646,
      negativePrompt: 'blur, żółć',
      startImageKey: 'users/user-1/jobs/job-1/start-image',
      kind: JobKind.UPSCALE,
      sourceJobId: 'job-0',
    },
  },
  jobProgress: {
    case: 'jobProgress',
    value: {
      jobId: 'job-1',
      userId: 'user-1',
      kind: JobProgressKind.COMPLETED,
      progress: 100,
      status: JobStatus.COMPLETED,
      message: 'done',
      errorCode: 'timeout', // only meaningful on FAILED; set here so the round trip covers it
      failureKind: 'output_check', // likewise

      attempt: 2,
      output: {
        videoKey: 'videos/job-1.mp4',
        thumbnailKey: 'thumbs/job-1.jpg',
        contentType: 'video/mp4',
        durationSeconds: 10.04,
        width: 1920,
        height: 1080,
        sizeBytes: 9_007_199_254_740_993n, // beyond Number.MAX_SAFE_INTEGER: int64 survives as bigint
      },
      occurredAt: at('2025-01-02T03:05:00Z'),
    },
  },
  jobDeleted: {
    case: 'jobDeleted',
    value: {
      jobId: 'job-1',
      userId: 'user-1',
      reason: 'admin force delete',
      deletedBy: 'admin-1',
      deletedAt: at('2025-01-03T00:00:00Z'),
    },
  },
  paymentCompleted: {
    case: 'paymentCompleted',
    value: {
      orderId: 'order-1',
      userId: 'user-1',
      provider: 'tpay',
      product: { case: 'packageId', value: 'pack-100' },
      credits: 100,
      amountMinor: 4999n,
      currency: 'PLN',
      providerTransactionId: 'TR-ABC-123',
      paidAt: at('2025-01-04T10:00:00Z'),
    },
  },
  userRegistered: {
    case: 'userRegistered',
    value: {
      userId: 'user-1',
      email: 'ala@example.com',
      name: 'Ala Kowalska',
      issuer: 'https://login.example.com/realms/kadr',
      subject: 'f3a1c2',
      preferredLanguage: 'pl',
      registeredAt: at('2025-01-01T00:00:00Z'),
    },
  },
  userDeleted: {
    case: 'userDeleted',
    value: {
      userId: 'user-1',
      requestedBy: 'admin-1',
      purge: true,
      requestedAt: at('2025-02-01T00:00:00Z'),
    },
  },
  userPurged: {
    case: 'userPurged',
    value: { userId: 'user-1', service: 'media', purgedAt: at('2025-02-01T00:01:00Z') },
  },
  creditsChanged: {
    case: 'creditsChanged',
    value: {
      userId: 'user-1',
      balance: 175,
      heldCredits: 25,
      currency: 'credits',
      reason: CreditsChangeReason.HOLD,
      reference: 'job-1',
      changedAt: at('2025-01-02T03:04:06Z'),
    },
  },
  notificationsChanged: {
    case: 'notificationsChanged',
    value: {
      userId: 'user-1',
      notification: {
        notificationId: 'job-1',
        kind: NotificationKind.JOB_FAILED,
        jobId: 'job-1',
        prompt: 'A lighthouse at dusk',
        reason: 'provider_failed',
        createdAt: at('2025-01-02T03:05:00Z'),
      },
      unreadCount: 3,
      changedAt: at('2025-01-02T03:05:01Z'),
    },
  },
};
