/**
 * Cancel racing completion and failure on the embedded product (issue 20): `npm start`'s process
 * renders (instant renders of 300 ms, one render slot, so jobs queue) while this process cancels
 * each job through the gateway at a seeded random moment — before it starts, while it renders, as
 * it completes or fails (the test model fails one in three at once). Afterwards every
 * job is COMPLETED, FAILED or CANCELLED; a 200 cancel answer means CANCELLED and a 409 means it
 * completed or failed first; commerce's receipt for the job (from its ledger) shows exactly one hold
 * and one settlement matching the outcome (captured for COMPLETED, released with the reason
 * otherwise); the user's balance is the welcome grant minus the captured costs with nothing held;
 * and commerce's reconciliation (balance = Σ ledger, held = Σ ledger = Σ open holds) is clean.
 *
 * Size: `KADR_CANCEL_RACE_JOBS` (16); seed `KADR_CANCEL_RACE_SEED` (random, printed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken } from '@kadr/http-kit';
import { seededRandom } from '@kadr/tooling/test-helpers';
import { ApiClient } from './support/api-client';
import { EmbeddedProcess, embeddedTestEnv } from './support/embedded-process';

const JOBS = Number(process.env.KADR_CANCEL_RACE_JOBS ?? 16);
const SEED = Number(process.env.KADR_CANCEL_RACE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WELCOME_CREDITS = 1000;
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/** What each job is asked to do: render and complete (two in three), or fail at once (the test model). */
const KINDS = [
  { name: 'renders', modelId: 'kadr-motion-v1', speed: 'Normal' },
  { name: 'renders', modelId: 'kadr-motion-v1', speed: 'Normal' },
  { name: 'fails', modelId: 'faulty-test', speed: 'Normal' },
] as const;

interface Receipt {
  state: 'held' | 'captured' | 'released';
  reason: string | null;
  amount: number;
  lines: { kind: string }[];
}

describe('cancel racing completion and failure (embedded, a separate process renders)', () => {
  let workDir: string;
  let embedded: EmbeddedProcess | undefined;

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-cancel-race-'));
  });
  afterAll(async () => {
    await embedded?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('each job ends one way, its hold settled exactly once to match, and the balance reconciles', async () => {
    const random = seededRandom(SEED);
    const { env, base } = await embeddedTestEnv(workDir, {
      env: {
        JOBS_INSTANT_RENDER_MS: '300',
        JOBS_ENABLE_FAULTY_PROVIDER: 'true',
        WELCOME_CREDITS: String(WELCOME_CREDITS),
        ACTIVE_JOBS_CAP_FREE: '1000',
        RATE_LIMIT_USER_PER_MINUTE: '100000',
      },
    });
    embedded = new EmbeddedProcess(env, workDir);
    const commerceUrl = await embedded.start();
    const user = await ApiClient.signIn(base, `cancel-race-${SEED}@example.test`);

    const jobs: { id: string; kind: string; cancel?: number }[] = [];
    for (let i = 0; i < JOBS; i += 1) {
      const kind = KINDS[Math.floor(random() * KINDS.length)]!;
      const created = await user.request('POST', '/bff/platform/jobs', {
        body: { prompt: `race ${i}`, modelId: kind.modelId, duration: 5, quality: 'Lite', speed: kind.speed },
      });
      expect(created.status).toBe(202);
      jobs.push({ id: (created.body as { id: string }).id, kind: kind.name });
    }
    // Each cancel at a random moment within about the time the queue takes to drain.
    await Promise.all(
      jobs.map(async (job) => {
        await sleep(Math.floor(random() * JOBS * 450));
        job.cancel = (await user.request('POST', `/bff/platform/jobs/${job.id}/cancel`)).status;
      }),
    );

    const problems: string[] = [];
    const statuses = new Map<string, string>();
    for (const job of jobs) {
      const deadline = Date.now() + 60_000;
      let status = '';
      while (Date.now() < deadline) {
        status = ((await user.request('GET', `/bff/platform/jobs/${job.id}`)).body as { data: { status: string } }).data
          .status;
        if (FINAL.has(status)) break;
        await sleep(200);
      }
      statuses.set(job.id, status);
      if (!FINAL.has(status)) problems.push(`job ${job.id} (${job.kind}) is still ${status}`);
      if (job.cancel === 200 && status !== 'CANCELLED') problems.push(`job ${job.id}: cancel 200 but ${status}`);
      if (job.cancel === 409 && status === 'CANCELLED') problems.push(`job ${job.id}: cancel 409 but CANCELLED`);
      if (job.cancel !== 200 && job.cancel !== 409) problems.push(`job ${job.id}: cancel answered ${job.cancel}`);
    }

    // The money, from commerce's ledger as the user's receipts show it (settled within a bounded wait).
    let captured = 0;
    for (const job of jobs) {
      const status = statuses.get(job.id);
      const wanted = status === 'COMPLETED' ? 'captured' : 'released';
      const deadline = Date.now() + 20_000;
      let receipt: Receipt | undefined;
      while (Date.now() < deadline) {
        const answer = await user.request('GET', `/bff/platform/api/commerce/jobs/${job.id}/receipt`);
        receipt = (answer.body as { data?: Receipt }).data;
        if (receipt && receipt.state !== 'held') break;
        await sleep(200);
      }
      const kinds = (receipt?.lines ?? []).map((line) => line.kind);
      const settlements = kinds.filter((k) => k === 'capture' || k === 'release').length;
      if (receipt?.state !== wanted || kinds.filter((k) => k === 'hold').length !== 1 || settlements !== 1) {
        problems.push(`job ${job.id} ${status}: receipt ${receipt?.state} with ${kinds.join(', ')}`);
      }
      if (status === 'CANCELLED' && receipt?.reason !== 'cancelled') {
        problems.push(`job ${job.id}: released for ${receipt?.reason}, not cancelled`);
      }
      if (receipt?.state === 'captured') captured += receipt.amount;
    }
    const credits = (
      (await user.request('GET', '/bff/platform/api/commerce/credits')).body as {
        data: { balance: number; heldCredits: number };
      }
    ).data;
    if (credits.balance !== WELCOME_CREDITS - captured || credits.heldCredits !== 0) {
      problems.push(`credits ${JSON.stringify(credits)}, expected ${WELCOME_CREDITS - captured} and 0 held`);
    }
    const me = (await user.request('GET', '/bff/platform/api/auth/me')).body as { data: { id: string } };
    const token = await mintInternalToken(
      { kind: 'service', service: 'admin', roles: [] },
      {
        keys: { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: env.INTERNAL_TOKEN_SECRET! } },
        audience: 'commerce',
      },
    );
    const report = await fetch(`${commerceUrl}/internal/reconciliation/${encodeURIComponent(me.data.id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reconciliation = ((await report.json()) as { data?: { ok: boolean } }).data;
    if (!reconciliation?.ok) problems.push(`reconciliation: ${JSON.stringify(reconciliation)}`);

    const outcomes = [...statuses.values()].reduce<Record<string, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );
    console.log(`cancel race: ${JOBS} jobs, seed ${SEED}, outcomes ${JSON.stringify(outcomes)}`);
    expect(problems).toEqual([]);
  }, 170_000);
});
