import { ConfigError, parseConfig } from '@kadr/config';
import { jobsConfigSchema, jobsPolicyOf, workerPolicyOf } from './config';

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

describe('policies from the configuration', () => {
  const config = parseConfig('jobs', jobsConfigSchema, {
    ...base,
    JOB_MAX_ATTEMPTS: '4',
    ACTIVE_JOBS_CAP_FREE: '2',
    ACTIVE_JOBS_CAP_PRO: '7',
    ACTIVE_JOBS_CAP_ENTERPRISE: '30',
    JOB_REDISPATCH_AFTER_MS: '15000',
    SAGA_STALE_MS: '20000',
    SAGA_GIVE_UP_MS: '60000',
    WORKER_CONCURRENCY: '2',
    JOB_LEASE_MS: '45000',
    JOB_IDLE_CLAIM_MS: '0',
    JOB_TIMEOUT_FACTOR: '2.5',
    JOB_TIMEOUT_BASE_MS: '10000',
  });

  it("gives the API's limits and waits each from its variable", () => {
    expect(jobsPolicyOf(config)).toEqual({
      attemptLimit: 4,
      activeJobsCaps: { FREE: 2, PRO: 7, ENTERPRISE: 30 },
      redispatchAfterMs: 15_000,
      sagaStaleMs: 20_000,
      sagaGiveUpMs: 60_000,
    });
  });

  it("gives the worker's slots, lease, idle poll and time-outs each from its variable", () => {
    expect(workerPolicyOf(config)).toEqual({
      concurrency: 2,
      leaseMs: 45_000,
      idleClaimMs: 0,
      timeoutFactor: 2.5,
      timeoutBaseMs: 10_000,
    });
  });
});
