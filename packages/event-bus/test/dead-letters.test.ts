import { DLQ_HEADERS, replayMessageOf } from '../src';
import { byFailureTime, deadLetterFrom } from '../src/dead-letters';

const stored = (partition: number, offset: string, headers: Record<string, string>) => ({
  partition,
  offset,
  key: 'k',
  value: Uint8Array.from([1, 2]),
  headers,
});

describe('dead letters as an operator reads them', () => {
  it('takes the dlq headers apart and keeps the original ones for a replay', () => {
    const letter = deadLetterFrom(
      'job.progress',
      stored(2, '17', {
        'event-id': 'e-1',
        traceparent: '00-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-bbbbbbbbbbbbbbbb-01',
        [DLQ_HEADERS.error]: 'Error: boom',
        [DLQ_HEADERS.originalTopic]: 'job.progress',
        [DLQ_HEADERS.attempts]: '5',
        [DLQ_HEADERS.failedAt]: '2026-03-01T10:00:00.000Z',
      }),
    );
    expect(letter).toMatchObject({
      id: '2-17',
      topic: 'job.progress',
      error: 'Error: boom',
      attempts: 5,
      failedAt: new Date('2026-03-01T10:00:00.000Z'),
      originalTopic: 'job.progress',
    });
    expect(replayMessageOf(letter)).toEqual({
      key: 'k',
      value: Uint8Array.from([1, 2]),
      headers: { 'event-id': 'e-1', traceparent: '00-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-bbbbbbbbbbbbbbbb-01' },
    });
  });

  it('reads missing or malformed dlq headers as unknown rather than failing', () => {
    const letter = deadLetterFrom('t', stored(0, '0', { [DLQ_HEADERS.attempts]: 'many', [DLQ_HEADERS.failedAt]: 'x' }));
    expect(letter).toMatchObject({ error: '', attempts: null, failedAt: null, originalTopic: null, headers: {} });
  });

  it('orders by failure time, then by place; letters without a time last', () => {
    const at = (time: string) => ({ [DLQ_HEADERS.failedAt]: time });
    const letters = [
      deadLetterFrom('t', stored(0, '10', {})),
      deadLetterFrom('t', stored(1, '3', at('2026-03-01T10:00:01Z'))),
      deadLetterFrom('t', stored(0, '9', at('2026-03-01T10:00:01Z'))),
      deadLetterFrom('t', stored(2, '0', at('2026-03-01T10:00:00Z'))),
    ];
    expect(letters.sort(byFailureTime).map((letter) => letter.id)).toEqual(['2-0', '0-9', '1-3', '0-10']);
  });
});
