import net from 'node:net';
import { freePort, freePortPair } from './free-port';

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('free ports for test servers', () => {
  it('never hands out a port the kernel may give a listen(0) before the caller binds it (CI: admin got the gateway port)', async () => {
    const chosen = [await freePortPair(), await freePort()];
    // Many ephemeral listeners between choosing and binding, as the embedded stack starts its services.
    const ephemeral = await Promise.all(Array.from({ length: 200 }, () => listenOn(0)));
    try {
      const handed = new Set(ephemeral.map((server) => (server.address() as net.AddressInfo).port));
      const lowestHanded = Math.min(...handed);
      for (const port of chosen) {
        expect(handed.has(port)).toBe(false);
        expect(port).toBeLessThan(lowestHanded);
      }
    } finally {
      await Promise.all(ephemeral.map(close));
    }
  });

  it('a pair is two consecutive ports that can both be bound', async () => {
    const port = await freePortPair();
    const servers = [await listenOn(port), await listenOn(port + 1)];
    await Promise.all(servers.map(close));
  });
});
