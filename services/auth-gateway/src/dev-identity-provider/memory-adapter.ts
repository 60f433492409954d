import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Stored {
  payload: AdapterPayload;
  /** Epoch ms; undefined: no expiry. */
  expiresAt?: number;
}

/** The models whose records belong to a grant (revoked together). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage, in memory and private to one provider instance (the package's own
 * memory adapter is one module-wide store and logs a warning at every start). Records
 * expire lazily when read; the whole store goes away with the provider.
 */
export function createMemoryAdapterFactory(now: () => number = Date.now): (model: string) => Adapter {
  const records = new Map<string, Stored>();
  const grants = new Map<string, Set<string>>();
  const lookups = new Map<string, string>();

  const read = (key: string): AdapterPayload | undefined => {
    const stored = records.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt !== undefined && stored.expiresAt <= now()) {
      records.delete(key);
      return undefined;
    }
    return stored.payload;
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        const expiresAt = expiresIn ? now() + expiresIn * 1000 : undefined;
        records.set(key, { payload, expiresAt });
        if (model === 'Session' && payload.uid) lookups.set(`sessionUid:${payload.uid}`, id);
        if (payload.userCode) lookups.set(`userCode:${payload.userCode}`, id);
        if (GRANTABLE.has(model) && payload.grantId) {
          const keys = grants.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          grants.set(payload.grantId, keys);
        }
        return Promise.resolve();
      },
      find(id) {
        return Promise.resolve(read(keyOf(id)));
      },
      findByUid(uid) {
        const id = lookups.get(`sessionUid:${uid}`);
        return Promise.resolve(id === undefined ? undefined : read(keyOf(id)));
      },
      findByUserCode(userCode) {
        const id = lookups.get(`userCode:${userCode}`);
        return Promise.resolve(id === undefined ? undefined : read(keyOf(id)));
      },
      consume(id) {
        const payload = read(keyOf(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
        return Promise.resolve();
      },
      destroy(id) {
        records.delete(keyOf(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const key of grants.get(grantId) ?? []) records.delete(key);
        grants.delete(grantId);
        return Promise.resolve();
      },
    };
  };
}
