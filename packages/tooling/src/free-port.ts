import fs from 'node:fs';
import net from 'node:net';

// Ports for servers a test starts on 127.0.0.1 (never "localhost": Node may resolve it to ::1).
//
// A port chosen now and bound moments later must not come from the kernel's ephemeral range:
// every `listen(0)` and every outgoing connection in the meantime draws from that range, and the
// embedded stack itself starts its internal services on port 0 before the gateway binds PORT
// (CI saw the admin service handed the gateway's port). So the ports are drawn below that range.

const LOWEST_TEST_PORT = 15_000;
const FALLBACK_EPHEMERAL_START = 32_768;

/** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
function ephemeralRangeStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST_TEST_PORT + 100 ? start : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `width` consecutive ports nothing listens on right now, below the ephemeral range; the first is returned. */
async function freePortRun(width: number): Promise<number> {
  const end = ephemeralRangeStart() - width;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST_TEST_PORT + Math.floor(Math.random() * (end - LOWEST_TEST_PORT));
    let free = true;
    for (let offset = 0; offset < width && free; offset += 1) free = await portIsFree(port + offset);
    if (free) return port;
  }
  throw new Error(`found no ${width} consecutive free ports on 127.0.0.1 below ${end + width}`);
}

/** A port nothing listens on right now, which no `listen(0)` can be handed before the caller binds it. */
export function freePort(): Promise<number> {
  return freePortRun(1);
}

/** A free port whose successor is free too: the embedded stack's development identity provider listens on PORT + 1. */
export function freePortPair(): Promise<number> {
  return freePortRun(2);
}
