/**
 * The topic map: every Kafka topic and the one event (payload case of the envelope) it
 * carries — ARCHITECTURE §2. It is the only place that pairs topics with events; producers
 * get the topic from the event they publish, consumers subscribe by these names.
 */
import type { EventEnvelope } from './gen/kadr/events/v1/envelope_pb';

/** A case of the envelope's `payload` oneof, e.g. `'jobCreated'`. */
export type EventCase = NonNullable<EventEnvelope['payload']['case']>;

/** The envelope payload of the given case(s): `{ case, value }` with the full message. */
export type EventPayload<C extends EventCase = EventCase> = Extract<EventEnvelope['payload'], { case: C }>;

/** Topic name → the payload case it carries. One topic per event, one event per topic. */
export const TOPICS = {
  'job.created': 'jobCreated',
  'job.progress': 'jobProgress',
  'job.deleted': 'jobDeleted',
  'payment.completed': 'paymentCompleted',
  'user.registered': 'userRegistered',
  'user.deleted': 'userDeleted',
  'user.purged': 'userPurged',
  'credits.changed': 'creditsChanged',
  'notifications.changed': 'notificationsChanged',
} as const satisfies Record<string, EventCase>;

export type Topic = keyof typeof TOPICS;

/** The payload case carried on topic `T`. */
export type EventCaseOn<T extends Topic> = (typeof TOPICS)[T];

/** The topic that carries payload case `C`. */
export type TopicOf<C extends EventCase> = { [T in Topic]: (typeof TOPICS)[T] extends C ? T : never }[Topic];

// Typechecking fails here when the schema gains a payload case that has no topic yet.
type CasesWithoutTopic = Exclude<EventCase, (typeof TOPICS)[Topic]>;
const _everyCaseHasATopic: [CasesWithoutTopic] extends [never] ? true : { missingTopicFor: CasesWithoutTopic } = true;

/** Every topic name, e.g. for `EventBus.ensureTopics`. */
export const ALL_TOPICS: readonly Topic[] = Object.keys(TOPICS) as Topic[];

const topicByCase = invertTopics();

/** The topic that carries events of payload case `eventCase`. */
export function topicOf<C extends EventCase>(eventCase: C): TopicOf<C> {
  return topicByCase.get(eventCase) as TopicOf<C>;
}

/** True when `name` is one of our topics (not, say, a `.dlq` topic). */
export function isTopic(name: string): name is Topic {
  return Object.hasOwn(TOPICS, name);
}

// Two topics for one event would make "the topic of an event" ambiguous: refuse at load time.
function invertTopics(): ReadonlyMap<EventCase, Topic> {
  const byCase = new Map<EventCase, Topic>();
  for (const topic of ALL_TOPICS) {
    const eventCase = TOPICS[topic];
    const taken = byCase.get(eventCase);
    if (taken) throw new Error(`event ${eventCase} is mapped to two topics: ${taken} and ${topic}`);
    byCase.set(eventCase, topic);
  }
  return byCase;
}
