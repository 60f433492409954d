import request from 'supertest';
import { ConfigError } from '@kadr/config';
import { parseFeatureFlags } from '../../src/entry-points/http';
import { createTestGateway } from './helpers/test-gateway';

describe('feature flags', () => {
  it('serves the configured flags publicly, with variant and rollout filled in', async () => {
    const gateway = createTestGateway({
      env: {
        FEATURE_FLAGS: JSON.stringify([
          { key: 'new-generator', enabled: true, variant: 'b', rollout: 25 },
          { key: 'analytics', enabled: false },
        ]),
      },
    });
    try {
      const res = await request(gateway.app).get('/bff/platform/api/flags');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { key: 'new-generator', enabled: true, variant: 'b', rollout: 25 },
        { key: 'analytics', enabled: false, variant: null, rollout: 100 },
      ]);
    } finally {
      await gateway.close();
    }
  });

  it('serves an empty list by default', async () => {
    const gateway = createTestGateway();
    try {
      expect((await request(gateway.app).get('/bff/platform/api/flags')).body).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  describe('parseFeatureFlags (called at start-up)', () => {
    const problemsOf = (raw: string): string[] => {
      try {
        parseFeatureFlags(raw);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      throw new Error('expected a ConfigError');
    };

    it('refuses a value that is not JSON', () => {
      expect(problemsOf('[{key: "x"}')).toEqual(['FEATURE_FLAGS: must be a JSON array']);
    });

    it('names the bad field of the bad flag', () => {
      expect(problemsOf('[{"key":"a","enabled":true,"rollout":150}]')).toEqual([
        'FEATURE_FLAGS[0].rollout: must be between 0 and 100',
      ]);
      expect(problemsOf('[{"key":"a","enabled":"yes"}]')).toEqual(['FEATURE_FLAGS[0].enabled: must be true or false']);
      expect(problemsOf('[{"key":"a","enabled":true,"colour":"red"}]')[0]).toMatch(/^FEATURE_FLAGS\[0\]: .*colour/);
      expect(problemsOf('{"key":"a"}')[0]).toMatch(/^FEATURE_FLAGS: /);
    });

    it('refuses a key listed twice', () => {
      expect(problemsOf('[{"key":"a","enabled":true},{"key":"a","enabled":false}]')).toEqual([
        'FEATURE_FLAGS[1].key: is listed twice',
      ]);
    });

    it('makes createBffPipeline fail fast too', () => {
      expect(() => createTestGateway({ env: { FEATURE_FLAGS: '[{"key":""}]' } })).toThrow(ConfigError);
    });
  });
});
