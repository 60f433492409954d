/**
 * Issue 18: the embedded product's one `/metrics` listener. Its services share one process, so the
 * process's runtime metrics (event loop, heap, GC, CPU) appear once, with the launcher's service
 * label — not once per service registry. The blob store the launcher shares between jobs and media
 * is timed in the launcher's registry, and media still serves its signed URLs through it.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { FileSystemBlobStore } from '@kadr/blob-store';
import { EMBEDDED_SERVICE } from '../launcher/compose-embedded';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';

const SIGNING_SECRET = randomBytes(32).toString('hex');

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of `name` in a Prometheus text exposition. */
function samplesOf(exposition: string, name: string): Sample[] {
  return [...exposition.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm'))].map(
    ([, labels = '', value]) => ({
      labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, label, text]) => [label, text])),
      value: Number(value),
    }),
  );
}

describe('the embedded process’s metrics', () => {
  let stack: EmbeddedStack;
  let exposition: string;

  beforeAll(async () => {
    stack = await startEmbeddedStack({ BLOB_SIGNING_SECRET: SIGNING_SECRET });
    // A signed URL of a blob nobody stored, as media signs them (same key, same public URL): media
    // answers it from the shared store, which finds nothing there.
    const signer = new FileSystemBlobStore({
      root: os.tmpdir(),
      publicBaseUrl: stack.base,
      signingSecret: SIGNING_SECRET,
    });
    const missing = await fetch(await signer.presignGet('users/nobody/jobs/none/video.mp4', 60));
    expect(missing.status).toBe(404);
    exposition = await (await fetch(stack.metricsUrl)).text();
  }, 120_000);

  afterAll(() => stack?.stop());

  it.each(['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_user_seconds_total'])(
    'has %s once, as the process’s',
    (name) => {
      expect(samplesOf(exposition, name).map((sample) => sample.labels)).toEqual([{ service: EMBEDDED_SERVICE }]);
    },
  );

  it('has the garbage collector’s durations, as the process’s only', () => {
    expect(exposition.match(/^# TYPE nodejs_gc_duration_seconds histogram$/gm)).toHaveLength(1);
    // Starting every service allocates enough for the collector to have run.
    const counts = samplesOf(exposition, 'nodejs_gc_duration_seconds_count');
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((sample) => sample.labels.service !== EMBEDDED_SERVICE)).toEqual([]);
  });

  it('times the shared blob store in the launcher’s registry: the read of a missing blob is not_found', () => {
    const reads = samplesOf(exposition, 'blob_store_operation_duration_seconds_count').filter(
      (sample) => sample.labels.operation === 'get',
    );
    expect(reads).toEqual([
      {
        labels: { service: EMBEDDED_SERVICE, backend: 'filesystem', operation: 'get', outcome: 'not_found' },
        value: 1,
      },
    ]);
  });

  it('has the jobs worker’s metrics, as jobs-worker’s', () => {
    expect(samplesOf(exposition, 'jobs_worker_render_slots')).toEqual([
      { labels: { service: 'jobs-worker' }, value: expect.any(Number) as number },
    ]);
  });
});
