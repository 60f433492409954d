import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkDestination,
  DestinationUnresolvedError,
  EgressRefusedError,
  hostMatches,
  isBlockedAddress,
  isLoopbackAddress,
  pinnedLookup,
  type Resolver,
} from '../src';

/** A resolver with fixed answers, so every case is checked without real DNS. */
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  (hostname) =>
    Promise.resolve((table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('the egress rule shared by commerce (Tpay) and jobs (video providers)', () => {
  it('blocks every internal, reserved and documentation range, IPv4-mapped forms included', () => {
    for (const blocked of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      '64:ff9b::a00:1',
      '100::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ]) {
      expect([blocked, isBlockedAddress(blocked)]).toEqual([blocked, true]);
    }
    for (const open of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8']) {
      expect([open, isBlockedAddress(open)]).toEqual([open, false]);
    }
    expect(['127.9.9.9', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true]);
    expect(['10.0.0.1', '8.8.8.8'].map(isLoopbackAddress)).toEqual([false, false]);
  });

  it('names hosts exactly or by a *.suffix pattern that needs a subdomain', () => {
    expect(hostMatches('API.Tpay.com.', 'api.tpay.com')).toBe(true);
    expect(hostMatches('v3.fal.media', '*.fal.media')).toBe(true);
    expect(hostMatches('fal.media', '*.fal.media')).toBe(false);
    expect(hostMatches('fal.media.evil', '*.fal.media')).toBe(false);
  });

  const table = {
    'public.example': ['93.184.216.34'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
    'loopback.example': ['127.0.0.1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'nowhere.example': [],
  };
  const policy = { allowedHosts: [...Object.keys(table), '10.0.0.1'], resolver: resolverOf(table) };
  const refusal = (url: string, extra = {}) =>
    checkDestination(new URL(url), { ...policy, ...extra }).then(
      () => 'allowed',
      (error: unknown) => (error instanceof EgressRefusedError ? error.reason : (error as Error).name),
    );

  it('allows an allowlisted public host over https and answers the address to connect to', async () => {
    await expect(checkDestination(new URL('https://public.example/x'), policy)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses other hosts, other schemes and plain http', async () => {
    expect(await refusal('https://evil.example/')).toBe('egress_host_not_allowlisted');
    expect(await refusal('ftp://public.example/')).toBe('egress_host_not_allowlisted');
    expect(await refusal('http://public.example/')).toBe('egress_host_not_allowlisted');
  });

  it('refuses a name when any address it resolves to is internal, and internal IP literals', async () => {
    expect(await refusal('https://mixed.example/')).toBe('ssrf_blocked');
    expect(await refusal('https://metadata.example/')).toBe('ssrf_blocked');
    expect(await refusal('https://mapped.example/')).toBe('ssrf_blocked');
    expect(await refusal('https://10.0.0.1/')).toBe('ssrf_blocked');
  });

  it('lets tests reach loopback (and plain http) only when asked, never private or metadata addresses', async () => {
    expect(await refusal('http://loopback.example/')).toBe('ssrf_blocked');
    expect(await refusal('https://loopback.example/')).toBe('ssrf_blocked');
    expect(await refusal('http://loopback.example/', { allowLoopbackForTests: true })).toBe('allowed');
    expect(await refusal('https://metadata.example/', { allowLoopbackForTests: true })).toBe('ssrf_blocked');
    expect(await refusal('https://mixed.example/', { allowLoopbackForTests: true })).toBe('ssrf_blocked');
  });

  it('says a name that does not resolve is unresolved (retryable), not refused', async () => {
    expect(await refusal('https://nowhere.example/')).toBe('DestinationUnresolvedError');
    const failing: Resolver = () => Promise.reject(new Error('SERVFAIL'));
    await expect(
      checkDestination(new URL('https://public.example/'), { ...policy, resolver: failing }),
    ).rejects.toBeInstanceOf(DestinationUnresolvedError);
  });

  it('connects to the checked address, whatever the name resolves to by then (no DNS rebinding)', async () => {
    const server = http.createServer((_req, res) => res.end('pinned'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The name does not exist in DNS at all: only the pinned lookup can make the connection.
      const body = await new Promise<string>((resolve, reject) => {
        const request = http.get(
          `http://rebinding.invalid:${port}/`,
          { lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }), agent: false },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
      });
      expect(body).toBe('pinned');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
