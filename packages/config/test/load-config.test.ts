import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, envBoolean, envList, envPort, parseConfig } from '../src';

const schema = z.object({
  PORT: envPort(8080),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  SECURE_COOKIES: envBoolean(true),
  ALLOWED_HOSTS: envList().default([]),
});

describe('parseConfig', () => {
  it('returns typed values with defaults applied', () => {
    const config = parseConfig('test', schema, {
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: 'x'.repeat(32),
      ALLOWED_HOSTS: 'a.example, b.example,',
    });
    expect(config).toEqual({
      PORT: 8080,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: 'x'.repeat(32),
      SECURE_COOKIES: true,
      ALLOWED_HOSTS: ['a.example', 'b.example'],
    });
  });

  it('names every missing or bad variable, one line each, without printing values', () => {
    let caught: unknown;
    try {
      parseConfig('commerce', schema, { PORT: '70000', SESSION_SECRET: 'short-secret-value', SECURE_COOKIES: 'yes' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const { problems, message } = caught as ConfigError;
    expect(problems).toEqual([
      'PORT: must be a port number between 0 and 65535',
      'PUBLIC_URL: required but not set',
      'SESSION_SECRET: must be at least 32 characters',
      'SECURE_COOKIES: must be true or false',
    ]);
    expect(message).toContain('commerce: invalid configuration');
    expect(message).not.toContain('short-secret-value');
  });
});

describe('loadConfig', () => {
  it('exits non-zero and names the variable when started with a missing one', () => {
    const script = `
      const { z } = require('zod');
      const { loadConfig } = require('@kadr/config');
      loadConfig('demo', z.object({ DEMO_URL: z.url() }), {});
      console.log('started');
    `;
    const result = spawnSync(process.execPath, ['--conditions=kadr-source', '--require', 'tsx/cjs', '-e', script], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('DEMO_URL: required but not set');
    expect(result.stdout).not.toContain('started');
  });
});
