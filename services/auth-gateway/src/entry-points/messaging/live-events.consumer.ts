import { decodeEventOn, timestampDate, type EventEnvelope } from '@kadr/contracts';
import type { ConsumerHandle, DeliveredMessage, EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { LiveFeedStore } from '../../data-access/live/live-feed-store';
import {
  liveEventOfCreditsChanged,
  liveEventOfJobCreated,
  liveEventOfJobProgress,
  type AddressedLiveEvent,
} from '../../domain/live/live-event';

/**
 * The gateway's one consumer group for the live channel. Every replica is a member, so each
 * event is consumed by exactly one of them, which records it in the user's feed; the feed's
 * channel then reaches every replica (ARCHITECTURE §1, STYLE "Mistakes" 3).
 */
export const LIVE_CONSUMER_GROUP = 'auth-gateway-live';
export const LIVE_TOPICS = ['job.created', 'job.progress', 'credits.changed'] as const;

export interface LiveEventsConsumerDeps {
  bus: EventBus;
  feed: Pick<LiveFeedStore, 'record' | 'claim' | 'unclaim'>;
  logger: Logger;
}

function envelopeTime(envelope: Pick<EventEnvelope, 'occurredAt'>): Date {
  return envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date();
}

/** The user-addressed live event a bus message carries, with its event id; undefined when it is not streamed. */
export function liveEventOf(message: DeliveredMessage): { eventId: string; live: AddressedLiveEvent | undefined } {
  switch (message.topic) {
    case 'job.created': {
      const envelope = decodeEventOn('job.created', message.value);
      return { eventId: envelope.eventId, live: liveEventOfJobCreated(envelope.payload.value, envelopeTime(envelope)) };
    }
    case 'job.progress': {
      const envelope = decodeEventOn('job.progress', message.value);
      return {
        eventId: envelope.eventId,
        live: liveEventOfJobProgress(envelope.payload.value, envelopeTime(envelope)),
      };
    }
    case 'credits.changed': {
      const envelope = decodeEventOn('credits.changed', message.value);
      return {
        eventId: envelope.eventId,
        live: liveEventOfCreditsChanged(envelope.payload.value, envelopeTime(envelope)),
      };
    }
    default:
      throw new Error(`live events: unexpected topic ${message.topic}`);
  }
}

/**
 * Records each job and credits event in its owner's feed, once per event id (delivery is at
 * least once). A failure releases the claim and throws, so the bus retries (then dead-letters).
 * The group starts at the end of the topics when it is new: a live feed has no use for history.
 */
export function subscribeLiveEvents({ bus, feed, logger }: LiveEventsConsumerDeps): Promise<ConsumerHandle> {
  return bus.subscribe({
    group: LIVE_CONSUMER_GROUP,
    topics: [...LIVE_TOPICS],
    fromBeginning: false,
    handler: async (message) => {
      const { eventId, live } = liveEventOf(message);
      if (!live) return;
      if (eventId && !(await feed.claim(eventId))) {
        logger.debug({ eventId, topic: message.topic }, 'live event already recorded');
        return;
      }
      try {
        await feed.record(live.userId, live.event);
      } catch (error) {
        if (eventId) await feed.unclaim(eventId).catch(() => undefined);
        throw error;
      }
    },
  });
}
