/**
 * What the deployments count on (docker-compose.yml, charts/kadr, .env.example): notifications refuses
 * to start without what it cannot run without — naming each variable — and production never runs on
 * the development mail catcher.
 */
import { ConfigError, parseConfig } from '@kadr/config';
import { notificationsConfigSchema } from '../src/config';

const INTERNAL = 'internal-token-secret-for-config-test-0123';
const UNSUBSCRIBE = 'unsubscribe-token-secret-for-config-test-0123';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig('notifications', notificationsConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('notifications accepted the configuration');
}

describe('notifications configuration', () => {
  it('defaults to port 8087, its own database and no relay', () => {
    const config = parseConfig('notifications', notificationsConfigSchema, {
      INTERNAL_TOKEN_SECRET: INTERNAL,
      UNSUBSCRIBE_TOKEN_SECRET: UNSUBSCRIBE,
    });
    expect(config).toMatchObject({ PORT: 8087, MONGODB_DB: 'notifications', NODE_ENV: 'development' });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('refuses to start without the unsubscribe key, or with a short one, naming it', () => {
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: INTERNAL })).toEqual([
      expect.stringMatching(/^UNSUBSCRIBE_TOKEN_SECRET: /),
    ]);
    expect(problemsOf({ INTERNAL_TOKEN_SECRET: INTERNAL, UNSUBSCRIBE_TOKEN_SECRET: 'x'.repeat(31) })).toEqual([
      'UNSUBSCRIBE_TOKEN_SECRET: must be at least 32 characters',
    ]);
  });

  it('refuses production without SMTP_URL (the mail catcher is for development), naming it', () => {
    const production = {
      INTERNAL_TOKEN_SECRET: INTERNAL,
      UNSUBSCRIBE_TOKEN_SECRET: UNSUBSCRIBE,
      NODE_ENV: 'production',
    };
    expect(problemsOf(production)).toEqual(['SMTP_URL: required but not set']);
    expect(
      parseConfig('notifications', notificationsConfigSchema, {
        ...production,
        SMTP_URL: 'smtp://user:secret@smtp.example.com:587',
      }).SMTP_URL,
    ).toBe('smtp://user:secret@smtp.example.com:587');
  });

  it('refuses a relay URL that is not smtp:// or smtps://', () => {
    expect(
      problemsOf({
        INTERNAL_TOKEN_SECRET: INTERNAL,
        UNSUBSCRIBE_TOKEN_SECRET: UNSUBSCRIBE,
        SMTP_URL: 'https://smtp.example.com',
      }),
    ).toEqual([expect.stringMatching(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/)]);
  });
});
