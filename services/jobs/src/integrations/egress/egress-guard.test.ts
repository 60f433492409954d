import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '@kadr/http-kit';
import { EgressGuard } from './egress-guard';

/** A resolver with fixed answers, so every case is checked without real DNS. */
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  (hostname) =>
    Promise.resolve((table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('egress guard', () => {
  const table = {
    'loopback.example': ['127.0.0.1'],
    'private.example': ['10.1.2.3'],
    'metadata.example': ['169.254.169.254'],
    'v6-loopback.example': ['::1'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'public.example': ['93.184.216.34'],
  };
  const guard = new EgressGuard({
    allowedHosts: [...Object.keys(table), '*.cdn.example'],
    resolver: resolverOf(table),
  });

  it.each([
    ['loopback.example', '127.0.0.1'],
    ['private.example', '10.x'],
    ['metadata.example', '169.254.169.254'],
    ['v6-loopback.example', '::1'],
    ['mixed.example', 'one private address among public ones'],
    ['mapped.example', 'IPv4-mapped loopback'],
  ])('refuses %s (%s) with ssrf_blocked', async (host) => {
    await expect(guard.request(`https://${host}/x`)).rejects.toMatchObject({ reason: 'ssrf_blocked' });
  });

  it('refuses hosts that are not allowlisted, and IP literals', async () => {
    await expect(guard.request('https://evil.example/x')).rejects.toMatchObject({
      reason: 'egress_host_not_allowlisted',
    });
    await expect(guard.request('http://169.254.169.254/latest/meta-data')).rejects.toMatchObject({
      reason: 'egress_host_not_allowlisted',
    });
    await expect(guard.request('ftp://public.example/x')).rejects.toMatchObject({
      reason: 'egress_host_not_allowlisted',
    });
  });

  it('lets allowlisted public hosts and suffix patterns through the check', async () => {
    await expect(guard.check(new URL('https://public.example/'))).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    const cdn = new EgressGuard({
      allowedHosts: ['*.cdn.example'],
      resolver: resolverOf({ 'v3.cdn.example': ['93.184.216.34'] }),
    });
    await expect(cdn.check(new URL('https://v3.cdn.example/a.mp4'))).resolves.toBeDefined();
    await expect(cdn.check(new URL('https://cdn.example.evil/a.mp4'))).rejects.toMatchObject({
      reason: 'egress_host_not_allowlisted',
    });
  });

  describe('with a local server (loopback allowed for tests only)', () => {
    let server: http.Server;
    let port = 0;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/to-metadata') {
          res.writeHead(302, { location: 'http://metadata.example/latest' }).end();
        } else if (req.url === '/to-elsewhere') {
          res.writeHead(302, { location: 'http://evil.example/' }).end();
        } else if (req.url === '/to-self') {
          res.writeHead(303, { location: `/final` }).end();
        } else {
          res
            .writeHead(200, { 'content-type': 'text/plain' })
            .end(`ok ${req.method} ${req.headers.authorization ?? '-'}`);
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const testGuard = (allowLoopbackForTests: boolean) =>
      new EgressGuard({
        allowedHosts: ['fake-provider.test', 'metadata.example'],
        resolver: resolverOf({ 'fake-provider.test': ['127.0.0.1'], 'metadata.example': ['169.254.169.254'] }),
        allowLoopbackForTests,
      });

    it('reaches a loopback test host only with allowLoopbackForTests', async () => {
      await expect(testGuard(false).request(`http://fake-provider.test:${port}/`)).rejects.toMatchObject({
        reason: 'ssrf_blocked',
      });
      const answer = await testGuard(true).request(`http://fake-provider.test:${port}/`, {
        headers: { authorization: 'Key k' },
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('ok GET Key k');
    });

    it('checks every redirect hop again (metadata and unlisted hosts refused)', async () => {
      await expect(testGuard(true).request(`http://fake-provider.test:${port}/to-metadata`)).rejects.toMatchObject({
        reason: 'ssrf_blocked',
      });
      await expect(testGuard(true).request(`http://fake-provider.test:${port}/to-elsewhere`)).rejects.toMatchObject({
        reason: 'egress_host_not_allowlisted',
      });
      const followed = await testGuard(true).request(`http://fake-provider.test:${port}/to-self`, {
        method: 'POST',
        body: 'x',
      });
      expect(await followed.text()).toBe('ok GET -');
    });
  });
});
