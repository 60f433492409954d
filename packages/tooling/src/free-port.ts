import net from 'node:net';

// Ports for servers a test starts on 127.0.0.1 (never "localhost": Node may resolve it to ::1).

/** A port nothing listens on right now (the kernel picks it; the caller binds it moments later). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port whose successor is free too: the embedded stack's development identity provider
 * listens on PORT + 1, and a lone free port's neighbour is often taken by a parallel suite.
 */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = await freePort();
    if (port < 65_535 && (await portIsFree(port + 1))) return port;
  }
  throw new Error('found no two consecutive free ports on 127.0.0.1');
}
