import { z } from 'zod';
import { ConfigError, envPort, internalTokenEnv, internalTokenKeyCheck, parseConfig } from '../src';

/** A service's schema as every service declares the internal token variables. */
const schema = z.object({ PORT: envPort(8080), ...internalTokenEnv }).check(internalTokenKeyCheck);

const SECRET = 'x'.repeat(32);
const OTHER_SECRET = 'y'.repeat(32);

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig('test', schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('internal token variables', () => {
  it('default the key id to k1 and leave the accepted key unset', () => {
    expect(parseConfig('test', schema, { INTERNAL_TOKEN_SECRET: SECRET })).toEqual({
      PORT: 8080,
      INTERNAL_TOKEN_SECRET: SECRET,
      INTERNAL_TOKEN_KEY_ID: 'k1',
    });
  });

  it('take an accepted key with its own id', () => {
    expect(
      parseConfig('test', schema, {
        INTERNAL_TOKEN_SECRET: SECRET,
        INTERNAL_TOKEN_KEY_ID: '2025-06.a_B',
        INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k'.repeat(64),
      }),
    ).toMatchObject({ INTERNAL_TOKEN_KEY_ID: '2025-06.a_B', INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k'.repeat(64) });
  });

  it('keep the secret required and at least 32 characters', () => {
    expect(problemsOf({})).toEqual(['INTERNAL_TOKEN_SECRET: required but not set']);
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: 'short' })).toEqual([
      'INTERNAL_TOKEN_SECRET: must be at least 32 characters',
    ]);
  });

  it('refuse half an accepted key, naming the variable that is missing', () => {
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: SECRET, INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET })).toEqual([
      'INTERNAL_TOKEN_ACCEPTED_KEY_ID: required but not set',
    ]);
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: SECRET, INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2' })).toEqual([
      'INTERNAL_TOKEN_ACCEPTED_SECRET: required but not set',
    ]);
  });

  it('refuse the same key id for the current and the accepted key', () => {
    const sameKid =
      'INTERNAL_TOKEN_ACCEPTED_KEY_ID: must differ from INTERNAL_TOKEN_KEY_ID (the accepted key is another key than the current one)';
    expect(
      problemsOf({
        INTERNAL_TOKEN_SECRET: SECRET,
        INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1', // the default current id
      }),
    ).toEqual([sameKid]);
    expect(
      problemsOf({
        INTERNAL_TOKEN_SECRET: SECRET,
        INTERNAL_TOKEN_KEY_ID: 'k7',
        INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k7',
      }),
    ).toEqual([sameKid]);
  });

  it.each(['', 'key id', 'k/1', 'ключ', 'k1:', 'k'.repeat(65)])('refuse the key id %p', (kid) => {
    const message = 'must be 1 to 64 characters of A-Z a-z 0-9 . _ -';
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: SECRET, INTERNAL_TOKEN_KEY_ID: kid })).toEqual([
      `INTERNAL_TOKEN_KEY_ID: ${message}`,
    ]);
    expect(
      problemsOf({
        INTERNAL_TOKEN_SECRET: SECRET,
        INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: kid,
      }),
    ).toEqual([`INTERNAL_TOKEN_ACCEPTED_KEY_ID: ${message}`]);
  });

  it('refuse a short accepted secret', () => {
    expect(
      problemsOf({
        INTERNAL_TOKEN_SECRET: SECRET,
        INTERNAL_TOKEN_ACCEPTED_SECRET: 'short',
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2',
      }),
    ).toEqual(['INTERNAL_TOKEN_ACCEPTED_SECRET: must be at least 32 characters']);
  });

  it('report half an accepted key together with an unrelated bad variable', () => {
    expect(problemsOf({ PORT: 'eighty', INTERNAL_TOKEN_SECRET: SECRET, INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2' })).toEqual(
      ['PORT: must be a port number', 'INTERNAL_TOKEN_ACCEPTED_SECRET: required but not set'],
    );
  });
});
