import { timestampDate, type EventEnvelope } from '@kadr/contracts';
import { subscribeTopics, type ConsumerHandle, type EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { LiveFeedStore } from '../../data-access/live/live-feed-store';
import {
  liveEventOfCreditsChanged,
  liveEventOfJobCreated,
  liveEventOfJobProgress,
  liveEventOfNotificationsChanged,
  type AddressedLiveEvent,
} from '../../domain/live/live-event';

/**
 * The gateway's one consumer group for the live channel. Every replica is a member, so each
 * event is consumed by exactly one of them, which records it in the user's feed; the feed's
 * channel then reaches every replica (ARCHITECTURE §1, STYLE "Mistakes" 3).
 */
export const LIVE_CONSUMER_GROUP = 'auth-gateway-live';

export interface LiveEventsConsumerDeps {
  bus: EventBus;
  feed: Pick<LiveFeedStore, 'record' | 'claim' | 'unclaim'>;
  logger: Logger;
}

function envelopeTime(envelope: Pick<EventEnvelope, 'occurredAt'>): Date {
  return envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date();
}

/**
 * Records each job, credits and inbox event in its owner's feed, once per event id (delivery is at
 * least once). A failure releases the claim and throws, so the bus retries (then dead-letters).
 * The group starts at the end of the topics when it is new: a live feed has no use for history.
 */
export function subscribeLiveEvents({ bus, feed, logger }: LiveEventsConsumerDeps): Promise<ConsumerHandle> {
  const record = async (live: AddressedLiveEvent | undefined): Promise<void> => {
    if (live) await feed.record(live.userId, live.event);
  };
  return subscribeTopics(bus, {
    group: LIVE_CONSUMER_GROUP,
    fromBeginning: false,
    dedupe: feed,
    logger,
    handlers: {
      'job.created': (envelope) => record(liveEventOfJobCreated(envelope.payload.value, envelopeTime(envelope))),
      'job.progress': (envelope) => record(liveEventOfJobProgress(envelope.payload.value, envelopeTime(envelope))),
      'credits.changed': (envelope) =>
        record(liveEventOfCreditsChanged(envelope.payload.value, envelopeTime(envelope))),
      'notifications.changed': (envelope) =>
        record(liveEventOfNotificationsChanged(envelope.payload.value, envelopeTime(envelope))),
    },
  });
}
