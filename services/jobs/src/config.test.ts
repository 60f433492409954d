import { ConfigError, parseConfig } from '@kadr/config';
import { jobsConfigSchema } from './config';

const base = { INTERNAL_TOKEN_SECRET: 'x'.repeat(32) };

describe('jobs configuration', () => {
  it('has defaults for everything but the internal token secret', () => {
    expect(parseConfig('jobs', jobsConfigSchema, base)).toMatchObject({
      PORT: 8083,
      MONGODB_DB: 'jobs',
    });
    // Unset: resolved at start-up (system ffmpeg on PATH, else the npm package's).
    expect(parseConfig('jobs', jobsConfigSchema, base).FFMPEG_PATH).toBeUndefined();
    expect(() => parseConfig('jobs', jobsConfigSchema, {})).toThrow(ConfigError);
  });

  it('refuses the faulty provider and loopback egress in production', () => {
    const error = (() => {
      try {
        parseConfig('jobs', jobsConfigSchema, {
          ...base,
          NODE_ENV: 'production',
          JOBS_ENABLE_FAULTY_PROVIDER: 'true',
          EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('accepted');
    })();
    expect(error.problems).toEqual([
      'JOBS_ENABLE_FAULTY_PROVIDER: refused in production',
      'EGRESS_ALLOW_LOOPBACK_FOR_TESTS: refused in production',
    ]);
  });
});
