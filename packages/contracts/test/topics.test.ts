import { ALL_TOPICS, EventEnvelopeSchema, TOPICS, isTopic, topicOf, type EventCase } from '../src';

/** The payload cases as the generated schema declares them — a new event shows up here by itself. */
function payloadCasesFromSchema(): string[] {
  const payload = EventEnvelopeSchema.oneofs.find((oneof) => oneof.name === 'payload');
  if (!payload) throw new Error('EventEnvelope has no payload oneof');
  return payload.fields.map((field) => field.localName);
}

describe('topic map', () => {
  it('maps every payload case of the envelope to exactly one topic', () => {
    const mapped = Object.values(TOPICS);
    expect(new Set(mapped).size).toBe(mapped.length); // no event on two topics
    expect([...mapped].sort()).toEqual(payloadCasesFromSchema().sort()); // no event without a topic, no stale entry
  });

  it('has the topics of ARCHITECTURE §2', () => {
    expect([...ALL_TOPICS].sort()).toEqual(
      [
        'credits.changed',
        'job.created',
        'job.deleted',
        'job.progress',
        'notifications.changed',
        'payment.completed',
        'user.deleted',
        'user.purged',
        'user.registered',
      ].sort(),
    );
  });

  it('finds the topic of each event and back', () => {
    for (const eventCase of payloadCasesFromSchema() as EventCase[]) {
      const topic = topicOf(eventCase);
      expect(TOPICS[topic]).toBe(eventCase);
    }
    expect(topicOf('jobProgress')).toBe('job.progress');
  });

  it('tells our topics from other names', () => {
    expect(isTopic('job.created')).toBe(true);
    expect(isTopic('job.created.dlq')).toBe(false);
    expect(isTopic('toString')).toBe(false);
  });
});
