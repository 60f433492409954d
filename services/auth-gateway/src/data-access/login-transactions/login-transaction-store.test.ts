import { MemoryKeyValueStore } from '@kadr/kv-store';
import { LoginTransactionStore } from './login-transaction-store';

const transaction = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/gallery' };

describe('login transactions', () => {
  let kv: MemoryKeyValueStore;
  beforeEach(() => {
    kv = new MemoryKeyValueStore();
  });
  afterEach(() => kv.close());

  it('stores a transaction for ten minutes under a random id', async () => {
    const store = new LoginTransactionStore(kv);
    const id = await store.begin(transaction);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const ttl = await kv.ttl(`login:${id}`);
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('hands a transaction out once, even to concurrent callbacks', async () => {
    const store = new LoginTransactionStore(kv);
    const id = await store.begin(transaction);
    const taken = await Promise.all(Array.from({ length: 5 }, () => store.take(id)));
    expect(taken.filter(Boolean)).toEqual([transaction]);
    expect(await store.take(id)).toBeNull();
  });

  it('forgets a transaction after its lifetime', async () => {
    const store = new LoginTransactionStore(kv, 30);
    const id = await store.begin(transaction);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.take(id)).toBeNull();
  });

  it('ignores malformed ids and malformed records', async () => {
    const store = new LoginTransactionStore(kv);
    expect(await store.take('../../x')).toBeNull();
    await kv.set('login:AAAAAAAAAAAAAAAAAAAAAA', '{"state":1}');
    expect(await store.take('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });
});
