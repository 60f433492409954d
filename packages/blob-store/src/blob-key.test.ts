import { assertValidKey, assertValidPrefix, MAX_KEY_BYTES } from './blob-key';
import { InvalidBlobKeyError } from './errors';

describe('key rules', () => {
  it.each(['video.mp4', 'users/u1/jobs/j1/video.mp4', 'a b/ćma #1?.jpg', '..hidden/x', 'a/.b'])('accepts %p', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each(['', '/a', 'a/', 'a//b', 'a/../b', '..', '.', 'a\\b', 'a\u0000b', 'x'.repeat(MAX_KEY_BYTES + 1)])(
    'refuses %p',
    (key) => {
      expect(() => assertValidKey(key)).toThrow(InvalidBlobKeyError);
    },
  );

  it('counts the limit in UTF-8 bytes', () => {
    expect(() => assertValidKey('ż'.repeat(MAX_KEY_BYTES / 2))).not.toThrow();
    expect(() => assertValidKey('ż'.repeat(MAX_KEY_BYTES / 2 + 1))).toThrow(InvalidBlobKeyError);
  });

  it('lets a prefix end with a slash or a partial segment, but not escape', () => {
    expect(() => assertValidPrefix('users/u1/')).not.toThrow();
    expect(() => assertValidPrefix('users/u')).not.toThrow();
    for (const prefix of ['', '/', '../', 'users//', 'users/../', 'a\\']) {
      expect(() => assertValidPrefix(prefix)).toThrow(InvalidBlobKeyError);
    }
  });
});
