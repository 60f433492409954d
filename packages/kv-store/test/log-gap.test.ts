import { hasGap } from '../src/log-gap';
import { parseLogId } from '../src/log-id';

const id = parseLogId;

describe('the gap rule', () => {
  const trimmed = { newestRemovedId: id('100-4'), firstId: id('100-5') };
  const untrimmed = { newestRemovedId: null, firstId: id('100-5') };

  it.each([
    ['no afterId, trimmed log', undefined, trimmed, false],
    ['no afterId, missing log', undefined, null, false],
    ['missing log', '100-0', null, true],
    ['older than the newest trimmed entry', '100-3', trimmed, true],
    ['the newest trimmed entry itself', '100-4', trimmed, false],
    ['a kept entry', '100-6', trimmed, false],
    ['older than the first entry of a log that never lost one', '100-4', untrimmed, true],
    ['the first entry of a log that never lost one', '100-5', untrimmed, false],
    ['an empty log that never lost an entry', '100-5', { newestRemovedId: null, firstId: null }, true],
  ])('%s', (_case, afterId, log, expected) => {
    expect(hasGap(afterId === undefined ? undefined : id(afterId), log)).toBe(expected);
  });
});
