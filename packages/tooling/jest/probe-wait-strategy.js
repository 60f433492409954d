'use strict';
// A testcontainers wait strategy that polls a readiness probe (readiness-probes.js) until it
// resolves. It stops early when the container has exited, and its error carries the tail of the
// container's log: testcontainers removes a container that failed to become ready, log included.

const POLL_INTERVAL_MS = 250;
const LOG_TAIL_LINES = 40;

/** Docker's multiplexed log stream (8-byte frame headers) as plain text. */
function demuxDockerLog(buffer) {
  const parts = [];
  let offset = 0;
  while (offset + 8 <= buffer.length) {
    const size = buffer.readUInt32BE(offset + 4);
    parts.push(buffer.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  return Buffer.concat(parts).toString('utf8');
}

async function logTail(container) {
  try {
    const raw = await container.logs({ stdout: true, stderr: true, tail: LOG_TAIL_LINES, follow: false });
    const text = demuxDockerLog(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw)));
    return text.trim() ? text.trimEnd().replace(/^/gm, '    ') : '    (empty)';
  } catch (error) {
    return `    (log unavailable: ${error.message})`;
  }
}

class ProbeWaitStrategy {
  /**
   * @param {string} what the server, for messages (e.g. "kafka (apache/kafka:3.9.1)")
   * @param {() => Promise<void>} probe rejects until the server is ready
   */
  constructor(what, probe) {
    this.what = what;
    this.probe = probe;
    this.startupTimeoutMs = 120_000;
    this.startupTimeoutSet = false;
  }

  withStartupTimeout(startupTimeoutMs) {
    this.startupTimeoutMs = startupTimeoutMs;
    this.startupTimeoutSet = true;
    return this;
  }

  isStartupTimeoutSet() {
    return this.startupTimeoutSet;
  }

  getStartupTimeout() {
    return this.startupTimeoutMs;
  }

  async waitUntilReady(container) {
    const deadline = Date.now() + this.startupTimeoutMs;
    let lastError = 'no probe finished';
    for (;;) {
      try {
        await this.probe();
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
      const { State } = await container.inspect();
      if (!State.Running) {
        throw new Error(
          `${this.what} exited during startup (exit code ${State.ExitCode}); last lines of its log:\n${await logTail(container)}`,
        );
      }
      if (Date.now() >= deadline) {
        throw new Error(
          `${this.what} not ready after ${this.startupTimeoutMs / 1000} s (last probe: ${lastError}); last lines of its log:\n${await logTail(container)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }
}

module.exports = { ProbeWaitStrategy };
