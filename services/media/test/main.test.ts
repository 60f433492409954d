import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { mediaConfigSchema } from '../src/config';

const SECRET = 'test-only-internal-secret-0123456789abcdef';

describe('media configuration', () => {
  it('needs the signing secret for the local blob store, and the S3 keys with S3_ENDPOINT', () => {
    const local = mediaConfigSchema.safeParse({ INTERNAL_TOKEN_SECRET: SECRET });
    expect(local.success).toBe(false);
    expect(local.error?.issues.map((i) => i.path.join('.'))).toEqual(['MEDIA_SIGNING_SECRET']);

    const s3 = mediaConfigSchema.safeParse({ INTERNAL_TOKEN_SECRET: SECRET, S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(s3.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

    const short = mediaConfigSchema.safeParse({ INTERNAL_TOKEN_SECRET: SECRET, MEDIA_SIGNING_SECRET: 'short' });
    expect(short.success).toBe(false);

    const ok = mediaConfigSchema.parse({ INTERNAL_TOKEN_SECRET: SECRET, MEDIA_SIGNING_SECRET: SECRET });
    expect(ok).toMatchObject({ PORT: 8084, MEDIA_URL_TTL_SECONDS: 900, MONGODB_DB: 'media', S3_BUCKET: 'kadr-media' });
  });
});

describe('media main', () => {
  it('exits non-zero naming a missing required variable', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, OTEL_SDK_DISABLED: 'true' };
    delete env.INTERNAL_TOKEN_SECRET;
    const result = spawnSync(process.execPath, ['--conditions=kadr-source', '--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: required but not set');
  });
});
