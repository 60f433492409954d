import { parseLogId } from '@kadr/kv-store';
import { StreamPosition } from './stream-position';

const e = (id: string) => ({ id, logId: parseLogId(id) });

describe('stream position (resume merge)', () => {
  it('buffers live entries during the replay, then writes the replay and only newer live entries', () => {
    const position = new StreamPosition();
    expect(position.offerLive(e('5-0'))).toEqual([]);
    expect(position.offerLive(e('6-0'))).toEqual([]);
    expect(position.replaying).toBe(true);
    // The replay already holds 5-0 (the live copy of it must not be written twice).
    expect(position.finishReplay('3-0', [e('4-0'), e('5-0')]).map((x) => x.id)).toEqual(['4-0', '5-0', '6-0']);
    expect(position.current).toBe('6-0');
  });

  it('drops live entries at or below the position, and duplicates', () => {
    const position = new StreamPosition();
    position.finishReplay('10-0', []);
    expect(position.offerLive(e('9-5'))).toEqual([]);
    expect(position.offerLive(e('10-0'))).toEqual([]);
    expect(position.offerLive(e('10-1'))).toEqual([e('10-1')]);
    expect(position.offerLive(e('10-1'))).toEqual([]);
    expect(position.offerLive(e('11-0'))).toEqual([e('11-0')]);
    expect(position.current).toBe('11-0');
  });

  it('compares ids numerically, not as text', () => {
    const position = new StreamPosition();
    position.finishReplay('9-0', []);
    expect(position.offerLive(e('10-0'))).toEqual([e('10-0')]);
    expect(position.offerLive(e('9-9'))).toEqual([]);
  });

  it('starts a fresh connection at the newest id: older live entries are not written', () => {
    const position = new StreamPosition();
    position.offerLive(e('7-0'));
    position.offerLive(e('8-0'));
    expect(position.finishReplay('7-0', []).map((x) => x.id)).toEqual(['8-0']);
  });
});
