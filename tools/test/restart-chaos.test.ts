/**
 * Restart chaos on the embedded product (issue 13, "no stranded job"): `npm start`'s process
 * (`tools/launcher/embedded.ts`, memory adapters persisted under a temp DATA_DIR, OpenTelemetry
 * loaded) is killed with SIGKILL and SIGTERM at seeded random moments during a burst of job
 * creations through the gateway, and started again on the same data folder. Every creation keeps
 * its Idempotency-Key across its retries, as the web app does. Afterwards (bounded wait) every job
 * must be COMPLETED or FAILED with its hold settled exactly once — one `hold` and one `capture` or
 * `release` in commerce's ledger, matching the outcome — every user's held credits 0, the balance
 * the welcome grant minus the captured costs, and commerce's own reconciliation (balance = Σ ledger,
 * held = Σ ledger = Σ open holds) clean. The same processes' stderr must never show a
 * `MaxListenersExceededWarning` (it came on every proxied POST /jobs with OpenTelemetry loaded).
 *
 * Size: `KADR_CHAOS_JOBS` (12), `KADR_CHAOS_KILLS` (3); seed `KADR_CHAOS_SEED` (random, printed).
 * The Kafka variant (two worker processes, broker and worker SIGKILLs) is tools/chaos.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken } from '@kadr/http-kit';
import { seededRandom } from '@kadr/tooling/test-helpers';
import { ApiClient, type Exchange } from './support/api-client';
import { EmbeddedProcess, embeddedTestEnv } from './support/embedded-process';

const JOBS = Number(process.env.KADR_CHAOS_JOBS ?? 12);
const KILLS = Number(process.env.KADR_CHAOS_KILLS ?? 3);
const SEED = Number(process.env.KADR_CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const USERS = 3;
const WELCOME_CREDITS = 1000;
const ADMIN_EMAIL = 'admin@kadr.local';
const SETTLE_MS = 60_000;

class User {
  private client: ApiClient | undefined;
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  async request(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    for (let attempt = 0; ; attempt += 1) {
      this.client ??= await ApiClient.signIn(this.base, this.email);
      const answer: Exchange = await this.client.request(method, url, options);
      if (answer.status !== 401 || attempt > 0) return answer;
      this.client = undefined;
    }
  }
}

interface Submission {
  key: string;
  user: number;
  jobId?: string;
  cost?: number;
  tries: number;
  lastError?: string;
}

const TERMINAL = new Set(['COMPLETED', 'FAILED']);

describe('restart chaos (embedded, memory adapters)', () => {
  let workDir: string;
  let embedded: EmbeddedProcess | undefined;

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-restart-chaos-'));
  });
  afterAll(async () => {
    await embedded?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('kills the process during a burst of jobs; afterwards every job settled exactly once, no listener warning', async () => {
    const random = seededRandom(SEED);
    const { env, base } = await embeddedTestEnv(workDir, {
      env: {
        ADMIN_EMAIL,
        // Each render takes a while, so the burst queues behind a render in progress when the kills come.
        JOBS_INSTANT_RENDER_MS: '400',
        WELCOME_CREDITS: String(WELCOME_CREDITS),
        ACTIVE_JOBS_CAP_FREE: '1000',
        RATE_LIMIT_USER_PER_MINUTE: '100000',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
        // Short bounds so a killed process's work is recovered within the test: a lost lease, a saga
        // left in RESERVING, a PENDING job whose job.created was lost (the dispatcher also sends one
        // for every PENDING job at start-up).
        JOB_LEASE_MS: '3000',
        SAGA_STALE_MS: '4000',
        JOB_REDISPATCH_AFTER_MS: '3000',
      },
    });
    const secret = env.INTERNAL_TOKEN_SECRET!;
    embedded = new EmbeddedProcess(env, workDir);
    const started = Date.now();
    let commerceUrl = await embedded.start();

    const users = Array.from({ length: USERS }, (_v, i) => new User(base, `chaos-${SEED}-${i}@example.test`));
    const admin = new User(base, ADMIN_EMAIL);
    const submissions: Submission[] = Array.from({ length: JOBS }, () => ({
      key: `chaos-${randomUUID()}`,
      user: Math.floor(random() * USERS),
      tries: 0,
    }));
    // The kill plan: the burst cut into KILLS + 1 rounds; each round's creations start at random
    // moments within 800 ms, and the process is killed 100–1500 ms into the round.
    const signals: NodeJS.Signals[] = Array.from({ length: KILLS }, (_v, i) => (i % 2 === 0 ? 'SIGKILL' : 'SIGTERM'));
    for (let i = signals.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [signals[i], signals[j]] = [signals[j]!, signals[i]!];
    }
    const rounds: Submission[][] = Array.from({ length: KILLS + 1 }, () => []);
    submissions.forEach((s, i) => rounds[Math.min(KILLS, Math.floor((i * (KILLS + 1)) / JOBS))]!.push(s));
    const plan = rounds.map((round) => ({
      delays: round.map(() => Math.floor(random() * 800)),
      killAt: 100 + Math.floor(random() * 1400),
    }));

    /** One POST /jobs; true when the job exists (202), false when it must be tried again. */
    const submit = async (s: Submission): Promise<boolean> => {
      s.tries += 1;
      let answer: Exchange;
      try {
        answer = await users[s.user]!.request('POST', '/bff/platform/jobs', {
          headers: { 'idempotency-key': s.key },
          body: {
            prompt: `chaos ${s.key}`,
            modelId: 'kadr-motion-v1',
            duration: 5,
            quality: 'Lite',
            speed: 'Ultra Fast',
          },
        });
      } catch (error) {
        // The process is down or went down mid-request (fetch failed, or the sign-in broke off).
        s.lastError =
          error instanceof Error
            ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`
            : String(error);
        return false;
      }
      if (answer.status === 202) {
        const body = answer.body as { id: string; cost: number };
        if (s.jobId && s.jobId !== body.id) throw new Error(`key ${s.key} answered two jobs`);
        s.jobId = body.id;
        s.cost = body.cost;
        return true;
      }
      // In flight elsewhere (409), the stack stopping or starting (502, 503, 504): try again later.
      if ([409, 502, 503, 504].includes(answer.status)) {
        s.lastError = `${answer.status}`;
        return false;
      }
      throw new Error(`POST /jobs answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    };
    const submitUntilDone = async (s: Submission) => {
      for (let i = 0; i < 20 && !(await submit(s)); i += 1) await sleep(300);
    };

    const killCounts: Record<string, number> = { SIGKILL: 0, SIGTERM: 0 };
    for (const [r, round] of rounds.entries()) {
      const inFlight = round.map(async (s, i) => {
        await sleep(plan[r]!.delays[i]);
        await submit(s);
      });
      if (r < KILLS) {
        await sleep(plan[r]!.killAt);
        const signal = signals[r]!;
        const accepted = submissions.filter((s) => s.jobId).length;
        await embedded.kill(signal);
        killCounts[signal]! += 1;
        console.log(`restart chaos: kill ${r + 1} ${signal} at +${plan[r]!.killAt} ms (${accepted}/${JOBS} accepted)`);
        await Promise.all(inFlight);
        commerceUrl = await embedded.start();
      } else {
        await Promise.all(inFlight);
      }
    }
    // Creations the kills interrupted are sent again with their keys (what the web app's retry does).
    for (const s of submissions) if (!s.jobId) await submitUntilDone(s);
    const lostSubmissions = submissions.filter((s) => !s.jobId).length;

    // Bounded eventual wait: every job terminal, every hold settled, nothing held.
    type Detail = {
      job: { id: string; status: string; userId: string };
      hold: { state: string; amount: number; takenFrom: string } | null;
      ledger: { kind: string; balanceDelta: number; heldDelta: number }[] | null;
    };
    const details = new Map<string, Detail>();
    const readDetails = async () => {
      for (const s of submissions) {
        if (!s.jobId) continue;
        const answer = await admin.request('GET', `/bff/platform/admin/jobs/${s.jobId}`);
        if (answer.status === 200) details.set(s.jobId, (answer.body as { data: Detail }).data);
        else details.delete(s.jobId);
      }
    };
    const credits = async (u: User) => {
      const answer = await u.request('GET', '/bff/platform/api/commerce/credits');
      return answer.status === 200 ? (answer.body as { data: { balance: number; heldCredits: number } }).data : null;
    };
    const settled = (d: Detail | undefined) =>
      !!d && TERMINAL.has(d.job.status) && d.hold?.state === (d.job.status === 'COMPLETED' ? 'captured' : 'released');
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      await readDetails();
      const held = await Promise.all(users.map(async (u) => (await credits(u))?.heldCredits ?? -1));
      const allSettled = submissions.every((s) => s.jobId && settled(details.get(s.jobId)));
      if ((allSettled && held.every((h) => h === 0)) || Date.now() > deadline) break;
      await sleep(500);
    }

    // The audit.
    const problems: string[] = [];
    let stranded = lostSubmissions;
    let double = 0;
    for (const s of submissions) {
      if (!s.jobId) {
        problems.push(`key ${s.key}: never accepted (${s.lastError ?? ''})`);
        continue;
      }
      const d = details.get(s.jobId);
      const kinds = (d?.ledger ?? []).map((e) => e.kind);
      const count = (kind: string) => kinds.filter((k) => k === kind).length;
      const settlements = count('capture') + count('release');
      if (!settled(d)) {
        stranded += 1;
        problems.push(`job ${s.jobId}: ${d?.job.status ?? 'unreadable'}, hold ${d?.hold?.state ?? 'none'}`);
      }
      if (count('hold') > 1 || settlements > 1) {
        double += 1;
        problems.push(`job ${s.jobId}: ledger ${kinds.join(', ')}`);
      } else if (settled(d) && (count('hold') !== 1 || settlements !== 1)) {
        stranded += 1;
        problems.push(`job ${s.jobId}: ledger ${kinds.join(', ')}`);
      }
    }
    const serviceToken = await mintInternalToken(
      { kind: 'service', service: 'admin', roles: [] },
      { keys: { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret } }, audience: 'commerce' },
    );
    for (const [i, u] of users.entries()) {
      const mine = submissions.filter((s) => s.user === i && s.jobId);
      // The user's own list: exactly the accepted jobs (a retried creation never made a second one).
      const listed = await u.request('GET', '/bff/platform/jobs/recent?take=100');
      const ids = ((listed.body as { items?: { id: string }[] }).items ?? []).map((j) => j.id).sort();
      const expected = mine.map((s) => s.jobId!).sort();
      if (JSON.stringify(ids) !== JSON.stringify(expected)) {
        double += Math.max(0, ids.length - expected.length);
        problems.push(`${u.email}: listed ${ids.length} jobs, accepted ${expected.length}`);
      }
      const captured = mine
        .map((s) => details.get(s.jobId!))
        .filter((d) => d?.hold?.state === 'captured' && d.hold.takenFrom === 'credits')
        .reduce((sum, d) => sum + d!.hold!.amount, 0);
      const account = await credits(u);
      if (!account || account.heldCredits !== 0 || account.balance !== WELCOME_CREDITS - captured) {
        problems.push(
          `${u.email}: credits ${JSON.stringify(account)}, expected balance ${WELCOME_CREDITS - captured}, held 0`,
        );
        if (account && account.balance < WELCOME_CREDITS - captured) double += 1;
      }
      const me = await u.request('GET', '/bff/platform/api/auth/me');
      const userId = (me.body as { data: { id: string } }).data.id;
      const report = await fetch(`${commerceUrl}/internal/reconciliation/${encodeURIComponent(userId)}`, {
        headers: { authorization: `Bearer ${serviceToken}` },
      });
      const reconciliation = ((await report.json()) as { data?: { ok: boolean; problems: string[] } }).data;
      if (!reconciliation?.ok) {
        problems.push(`${u.email}: reconciliation ${report.status} ${JSON.stringify(reconciliation)}`);
      }
    }

    // No MaxListenersExceededWarning in any run (every POST /jobs went through the gateway's proxy).
    const warnings = embedded.runs.filter((run) =>
      fs.readFileSync(run.stderrFile, 'utf8').includes('MaxListenersExceededWarning'),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `restart chaos: jobs ${JOBS}, kills ${KILLS} (SIGKILL ${killCounts.SIGKILL}, SIGTERM ${killCounts.SIGTERM}), ` +
        `seed ${SEED}, stranded ${stranded}, double ${double} — ${embedded.runs.length} starts, ` +
        `${submissions.reduce((n, s) => n + s.tries, 0)} POST /jobs, ${seconds} s`,
    );
    if (problems.length > 0) console.log(`restart chaos problems (seed ${SEED}):\n  ${problems.join('\n  ')}`);
    expect(problems).toEqual([]);
    expect({ stranded, double }).toEqual({ stranded: 0, double: 0 });
    expect(warnings.map((run) => run.stderrFile)).toEqual([]);
  }, 170_000);
});
