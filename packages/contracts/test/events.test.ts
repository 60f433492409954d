import { create, equals, isFieldSet, toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import { reflect } from '@bufbuild/protobuf/reflect';
import {
  ALL_TOPICS,
  EventEnvelopeSchema,
  JobProgressKind,
  createEnvelope,
  decodeEvent,
  decodeEventOn,
  encodeEnvelope,
  encodeEvent,
  eventJsonOf,
  timestampDate,
  topicOf,
  type EventCase,
  type EventPayloadInit,
} from '../src';
import { EVENT_SAMPLES } from './event-samples';

const metadata = { producer: 'jobs', correlationId: 'corr-1' };
const samples = Object.values(EVENT_SAMPLES) as EventPayloadInit[];

describe('encodeEvent / decodeEvent', () => {
  it.each(samples.map((sample) => [sample.case, sample] as const))('round-trips %s', (eventCase, sample) => {
    const occurredAt = new Date('2025-03-04T05:06:07.089Z');
    const envelope = createEnvelope(sample, { ...metadata, eventId: 'evt-1', occurredAt });

    const encoded = encodeEnvelope(envelope);
    const decoded = decodeEvent(encoded.value);

    expect(equals(EventEnvelopeSchema, decoded, envelope)).toBe(true);
    expect(decoded).toEqual(envelope);
    expect(decoded.payload.case).toBe(eventCase);
    expect(decoded.eventId).toBe('evt-1');
    expect(decoded.eventType).toBe(topicOf(eventCase));
    expect(decoded.producer).toBe('jobs');
    expect(decoded.correlationId).toBe('corr-1');
    expect(timestampDate(decoded.occurredAt!)).toEqual(occurredAt);
  });

  it.each(samples.map((sample) => [sample.case, sample] as const))(
    'the %s sample sets every field, so its round trip covers them all',
    (eventCase, sample) => {
      const envelope = createEnvelope(sample, metadata);
      expect(unsetFields(payloadSchema(eventCase), envelope.payload.value)).toEqual([]);
    },
  );

  it('addresses the message to the topic of its event, keyed by the aggregate id, with the headers', () => {
    const encoded = encodeEvent(EVENT_SAMPLES.jobCreated, {
      ...metadata,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });

    const topic: 'job.created' = encoded.topic; // typed by the payload case
    expect(topic).toBe('job.created');
    expect(encoded.key).toBe('job-1');
    const envelope = decodeEvent(encoded.value);
    expect(envelope.aggregateId).toBe('job-1');
    expect(encoded.headers).toEqual({
      'event-id': envelope.eventId,
      'event-type': 'job.created',
      'correlation-id': 'corr-1',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(envelope.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keys each event by its aggregate: job id, order id or user id', () => {
    const keys = Object.fromEntries(samples.map((sample) => [sample.case, encodeEvent(sample, metadata).key]));
    expect(keys).toEqual({
      jobCreated: 'job-1',
      jobProgress: 'job-1',
      jobDeleted: 'job-1',
      paymentCompleted: 'order-1',
      userRegistered: 'user-1',
      userDeleted: 'user-1',
      userPurged: 'user-1',
      creditsChanged: 'user-1',
      notificationsChanged: 'user-1',
    });
  });

  it('accepts a matching aggregateId and refuses one that is not the event’s id', () => {
    expect(encodeEvent(EVENT_SAMPLES.paymentCompleted, { ...metadata, aggregateId: 'order-1' }).key).toBe('order-1');
    expect(() => encodeEvent(EVENT_SAMPLES.paymentCompleted, { ...metadata, aggregateId: 'user-1' })).toThrow(
      /does not match/,
    );
  });

  it('refuses an event without its id, producer or correlation id', () => {
    expect(() => encodeEvent({ case: 'userPurged', value: { service: 'media' } }, metadata)).toThrow(/aggregate id/);
    expect(() => encodeEvent(EVENT_SAMPLES.userPurged, { ...metadata, producer: '' })).toThrow(/producer/);
    expect(() => encodeEvent(EVENT_SAMPLES.userPurged, { ...metadata, correlationId: ' ' })).toThrow(/correlationId/);
  });

  it('fills unset payload fields with proto3 defaults', () => {
    const encoded = encodeEvent(
      { case: 'jobProgress', value: { jobId: 'job-2', kind: JobProgressKind.STARTED } },
      metadata,
    );
    const { payload } = decodeEventOn('job.progress', encoded.value);
    expect(payload.value.jobId).toBe('job-2');
    expect(payload.value.kind).toBe(JobProgressKind.STARTED);
    expect(payload.value.progress).toBe(0);
    expect(payload.value.output).toBeUndefined();
  });
});

describe('eventJsonOf', () => {
  it.each(samples.map((sample) => [sample.case, sample] as const))(
    'shows a %s envelope as protobuf JSON',
    (eventCase, sample) => {
      const occurredAt = new Date('2025-03-04T05:06:07.089Z');
      const envelope = createEnvelope(sample, { ...metadata, eventId: 'evt-1', occurredAt });
      const json = eventJsonOf(decodeEvent(encodeEnvelope(envelope).value));
      expect(json).toMatchObject({
        eventId: 'evt-1',
        eventType: topicOf(eventCase),
        occurredAt: '2025-03-04T05:06:07.089Z',
        producer: 'jobs',
        correlationId: 'corr-1',
        [eventCase]: expect.any(Object),
      });
      // Plain JSON all the way down (64-bit numbers as strings): it survives a JSON round trip as it is.
      expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    },
  );
});

describe('decodeEventOn', () => {
  it('returns the envelope narrowed to the topic’s event', () => {
    const encoded = encodeEvent(EVENT_SAMPLES.creditsChanged, { producer: 'commerce', correlationId: 'c' });
    const envelope = decodeEventOn('credits.changed', encoded.value);
    expect(envelope.payload.value.balance).toBe(175); // no narrowing needed: typed as CreditsChanged
  });

  it('throws when the message carries another topic’s event', () => {
    const encoded = encodeEvent(EVENT_SAMPLES.userDeleted, { producer: 'admin', correlationId: 'c' });
    expect(() => decodeEventOn('user.purged', encoded.value)).toThrow(
      'topic user.purged carries userPurged events, got userDeleted',
    );
  });

  it('throws on an envelope whose payload this build does not know (or is empty)', () => {
    const empty = toBinary(EventEnvelopeSchema, create(EventEnvelopeSchema, { eventId: 'e' }));
    expect(decodeEvent(empty).payload.case).toBeUndefined();
    expect(() => decodeEventOn('job.created', empty)).toThrow(/unknown or empty payload/);
  });

  it('can decode every topic it publishes', () => {
    for (const sample of samples) {
      const encoded = encodeEvent(sample, metadata);
      expect(ALL_TOPICS).toContain(encoded.topic);
      expect(decodeEventOn(encoded.topic, encoded.value).payload.case).toBe(sample.case);
    }
  });
});

/** Names of the fields of `message` that hold their default (a oneof counts when one member is set). */
function unsetFields(schema: DescMessage, message: Message): string[] {
  const unset: string[] = [];
  for (const member of schema.members) {
    if (member.kind === 'oneof') {
      if (reflect(schema, message).oneofCase(member) === undefined) unset.push(member.name);
    } else if (!isFieldSet(message, member)) {
      unset.push(member.name);
    } else if (member.fieldKind === 'message' && member.message.file.name.startsWith('kadr/')) {
      const nested = reflect(schema, message).get(member);
      unset.push(...unsetFields(member.message, nested.message).map((name) => `${member.name}.${name}`));
    }
  }
  return unset;
}

/** The schema of the payload message for `eventCase`, read from the envelope's oneof. */
function payloadSchema(eventCase: EventCase): DescMessage {
  const field = EventEnvelopeSchema.fields.find((candidate) => candidate.localName === eventCase);
  if (field?.fieldKind !== 'message') throw new Error(`no payload field ${eventCase}`);
  return field.message;
}
