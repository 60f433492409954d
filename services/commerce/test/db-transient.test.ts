import request from 'supertest';
import { DbTransientError } from '@kadr/documents';
import { bearer, createHarness, userToken } from './support/commerce-harness';

describe('a database that is away', () => {
  it('answers 503 db_transient (and no stack or internal message)', async () => {
    const h = await createHarness({ background: false });
    try {
      jest
        .spyOn(h.adapters.accounts, 'get')
        .mockRejectedValue(new DbTransientError('accounts.get: connection refused to db-1'));
      const res = await request(h.app)
        .get('/api/commerce/credits')
        .set('authorization', await bearer(userToken('u')))
        .expect(503);
      expect(res.body).toMatchObject({ type: '/problems/db_transient', title: 'Temporary issue', status: 503 });
      expect(JSON.stringify(res.body)).not.toContain('db-1');
    } finally {
      await h.close();
    }
  });
});
