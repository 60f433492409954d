/**
 * Failure drills on the running compose stack, each with the demo user's browser open on the
 * dashboard and the administrator's view of the money (`GET /bff/platform/admin/jobs/{id}`):
 *
 *  a. a worker is SIGKILLed while it renders a job → the job completes on the other worker and
 *     the user is charged exactly once (one hold, one capture of the job's cost, hold captured);
 *  b. Kafka restarts while a job runs and a credits purchase completes → no event lost (the job
 *     completes, the open page's badge updates) and nothing applied twice (balance = before −
 *     cost + package exactly, the job's ledger entries once each);
 *  c. the gateway replica holding the page's live stream restarts → the page's EventSource comes
 *     back through the ingress with its last event id and misses nothing: every step of the job's
 *     history and the purchase's credits event arrive, in order, each once, without a reload.
 *
 * Each drill brings what it stopped back (`docker compose up -d --wait <service>`), also when it fails.
 */
import type { Page } from 'playwright-core';
import {
  buyThroughApi,
  callApi,
  createJobThroughApi,
  documentStillMarked,
  expectBadgeCredits,
  jobReaches,
  markDocument,
} from '../support/app-pages';
import type { Journey } from '../support/journey';
import { eventually } from '../support/wait';
import { describeComposeJourney } from './compose-target';
import { killService, processesOf, restartService, serviceReady, serviceStates, upAndWait } from './docker-compose';
import {
  compareLogIds,
  creditsFrames,
  dataFrames,
  framesText,
  jobFrames,
  liveStreamLog,
  recordLiveStream,
} from './live-stream-recorder';
import { metricValue } from './metrics';
import {
  adminJobDetail,
  chargedOnceProblems,
  historyText,
  ledgerText,
  serverCredits,
  type AdminJobDetail,
} from './money';
import { CREDIT_PACKAGE, jobCompletes, jobStatus, noCreditsHeld, startLongJob } from './product-steps';
import { reporter, secondsSince } from './report';
import { recordRunState } from './run-state';

const WORKERS = { 'jobs-worker-1': 9468, 'jobs-worker-2': 9469 } as const;
const GATEWAYS = { 'auth-gateway-1': 9464, 'auth-gateway-2': 9465 } as const;
type Worker = keyof typeof WORKERS;
type Gateway = keyof typeof GATEWAYS;
const STACK_SERVICES = ['kafka', ...Object.keys(WORKERS), ...Object.keys(GATEWAYS)];

const log = reporter('compose drills');

/** Waits until the services the drills touch run and are healthy (an earlier drill brought them back). */
async function stackReady(): Promise<void> {
  for (const service of STACK_SERVICES) {
    await eventually(
      `${service} is running and healthy`,
      () => serviceReady(service),
      (ready) => ready,
      180_000,
    );
  }
}

/** The administrator, in a context of their own (the money checks read the admin job detail). */
async function openAdmin(journey: Journey): Promise<Page> {
  const admin = await journey.newPage();
  await journey.signIn(admin, 'admin', { returnTo: '/admin/users' });
  return admin;
}

/** The demo user on the dashboard, live stream connected and recorded, no job of theirs still running. */
async function openDemo(journey: Journey): Promise<Page> {
  const page = await journey.newPage();
  await recordLiveStream(page);
  await journey.signIn(page, 'demo');
  await page.getByRole('heading', { level: 1, name: /^(Dzień dobry|Dobry wieczór)/ }).waitFor();
  await eventually(
    'the live stream is connected',
    async () => (await liveStreamLog(page)).events.some((e) => e.type === 'connected'),
    (connected) => connected,
    30_000,
  );
  await noCreditsHeld(page);
  await markDocument(page);
  return page;
}

async function openPeople(journey: Journey): Promise<{ page: Page; admin: Page }> {
  await stackReady();
  const admin = await openAdmin(journey);
  return { admin, page: await openDemo(journey) };
}

/** The worker whose container runs the job's ffmpeg (its work folder is `kadr-job-<first 8 of the id>-…`). */
async function workerRendering(jobId: string): Promise<Worker | undefined> {
  const folder = `kadr-job-${jobId.slice(0, 8)}`;
  for (const worker of Object.keys(WORKERS) as Worker[]) {
    if ((await processesOf(worker)).includes(folder)) return worker;
  }
  return undefined;
}

function printMoney(detail: AdminJobDetail): void {
  log.say(`job ${detail.job.id} hold: ${JSON.stringify(detail.hold)}; ledger:`);
  for (const line of ledgerText(detail.ledger ?? [])) log.say(`  ${line}`);
}

/** The job's ledger settles a moment after COMPLETED (commerce captures on the event): wait for it. */
function chargedOnce(admin: Page, jobId: string, cost: number): Promise<AdminJobDetail> {
  return eventually(
    `job ${jobId} is charged exactly once`,
    () => adminJobDetail(admin, jobId),
    (detail) => chargedOnceProblems(detail, cost).length === 0,
    60_000,
  ).catch(async (error: unknown) => {
    const detail = await adminJobDetail(admin, jobId);
    printMoney(detail);
    throw new Error(`${String(error)}\nproblems: ${chargedOnceProblems(detail, cost).join('; ')}`);
  });
}

describeComposeJourney('compose drills', (journey: Journey) => {
  journey.test(
    'a. a worker SIGKILLed mid-render: the job completes on the other worker, charged once',
    async () => {
      const { page, admin } = await openPeople(journey);
      const before = (await serverCredits(page)).balance;
      const job = await startLongJob(page, 'Pociąg nocą przez las (drill: worker SIGKILL)');
      log.say(`a: job ${job.id} (10 s Lite, ${job.cost} credits), balance before ${before}`);

      // Caught while rendering: its ffmpeg runs in one worker, the job is PROCESSING.
      const caught = await eventually(
        `a worker renders job ${job.id}`,
        async () => ({ worker: await workerRendering(job.id), status: await jobStatus(page, job.id) }),
        ({ worker, status }) => worker !== undefined || !['PENDING', 'PROCESSING'].includes(status),
        120_000,
      );
      if (caught.status !== 'PROCESSING' || !caught.worker) {
        throw new Error(`job ${job.id} is ${caught.status} before it was caught rendering: the drill came too late`);
      }
      const victimWorker = caught.worker;
      const survivor = (Object.keys(WORKERS) as Worker[]).find((w) => w !== victimWorker) as Worker;
      const startedBy = (await adminJobDetail(admin, job.id)).events.filter((e) => e.kind === 'started').at(-1)?.actor;
      log.say(`a: ${victimWorker} renders job ${job.id} (history actor ${startedBy})`);

      const killedAt = Date.now();
      try {
        await killService(victimWorker, 'SIGKILL');
        const states = await serviceStates(victimWorker);
        log.say(
          `a: SIGKILLed ${victimWorker} while PROCESSING: ${states.map((s) => `${s.name} ${s.state}`).join(', ')}`,
        );

        // The lease runs out, the survivor's sweeper requeues the job, the survivor renders it.
        const seenOn = new Set<string>();
        await eventually(
          `job ${job.id} completes after the kill`,
          async () => {
            const worker = await workerRendering(job.id);
            if (worker) seenOn.add(worker);
            return jobStatus(page, job.id);
          },
          (status) => status === 'COMPLETED' || status === 'FAILED',
          300_000,
        );
        expect(await jobStatus(page, job.id)).toBe('COMPLETED');
        log.say(
          `a: job ${job.id} COMPLETED ${secondsSince(killedAt)} after the kill` +
            `${seenOn.size ? `, rendered again on ${[...seenOn].join(', ')}` : ''}`,
        );
        expect(seenOn.has(victimWorker)).toBe(false);

        const detail = await chargedOnce(admin, job.id, job.cost);
        for (const line of historyText(detail)) log.say(`  ${line}`);
        printMoney(detail);
        const completedBy = detail.events.filter((e) => e.kind === 'completed').at(-1)?.actor;
        expect(completedBy).toBeDefined();
        expect(completedBy).not.toBe(startedBy);
        expect(detail.events.filter((e) => e.kind === 'started').length).toBeGreaterThanOrEqual(2);
        log.say(`a: started by ${startedBy} (${victimWorker}), completed by ${completedBy} (${survivor})`);

        await eventually(
          `the balance is ${before - job.cost}, nothing held`,
          () => serverCredits(page),
          (c) => c.balance === before - job.cost && c.heldCredits === 0,
          30_000,
        );
        await expectBadgeCredits(page, before - job.cost, 30_000);
        log.say(`a: charged once: balance ${before} → ${before - job.cost}`);
        recordRunState({ demoBalance: before - job.cost, jobs: [{ id: job.id, duration: 10, cost: job.cost }] });
      } finally {
        await log.time(`a: ${victimWorker} back up`, () => upAndWait(victimWorker));
      }
    },
    600_000,
  );

  journey.test(
    'b. Kafka restarts during a job and a purchase: nothing lost, nothing applied twice',
    async () => {
      const { page, admin } = await openPeople(journey);
      const before = (await serverCredits(page)).balance;
      // 5 s of Lite: the broker's restart takes the CPU a render needs, and the worker's time-out
      // (job-timeout.ts) leaves a longer render too little room on a loaded two-core machine.
      const job = await createJobThroughApi(page, { prompt: 'Latarnik w sztormie (drill: Kafka restart)' });
      await jobReaches(page, job.id, ['PROCESSING'], 120_000);
      const expected = before - job.cost + CREDIT_PACKAGE.credits;
      log.say(`b: job ${job.id} PROCESSING (${job.cost} credits), balance before ${before}, expecting ${expected}`);

      const created = await callApi<{ data: { orderId: string } }>(
        page,
        'POST',
        '/bff/platform/api/commerce/payment/create-order',
        { packageId: CREDIT_PACKAGE.id },
      );
      expect(created.status).toBeLessThan(300);
      const { orderId } = created.body.data;

      const restartedAt = Date.now();
      const restart = restartService('kafka');
      try {
        // The purchase completes while the broker is going down.
        await eventually(
          'Kafka is going down',
          () => serviceReady('kafka'),
          (ready) => !ready,
          30_000,
        ).catch(() => log.say('b: Kafka never looked down to `docker compose ps` (a quick restart)'));
        const settled = await callApi(page, 'POST', '/bff/platform/api/commerce/payment/mock-process', {
          orderId,
          outcome: 'success',
        });
        log.say(`b: order ${orderId} paid ${secondsSince(restartedAt)} into the restart: ${settled.status}`);
        expect(settled.status).toBe(200);
        await restart;
        await eventually(
          'Kafka is healthy again',
          () => serviceReady('kafka'),
          (ready) => ready,
          180_000,
        );
        log.say(`b: Kafka restarted and healthy in ${secondsSince(restartedAt)}`);
      } finally {
        await restart.catch(() => undefined);
        if (!(await serviceReady('kafka'))) await upAndWait('kafka');
      }

      await jobCompletes(page, job.id, 300_000, admin);
      log.say(`b: job ${job.id} COMPLETED ${secondsSince(restartedAt)} after the restart began`);
      await log.time(`b: the open page's badge shows ${expected}`, () => expectBadgeCredits(page, expected, 180_000));
      expect(await documentStillMarked(page)).toBe(true);

      // Redeliveries after the restart would come now: the balance must not move again.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      const credits = await serverCredits(page);
      expect(credits.balance).toBe(expected);
      expect(credits.heldCredits).toBe(0);
      const order = await callApi<{ data: { status: string; credits: number } }>(
        page,
        'GET',
        `/bff/platform/api/commerce/orders/${orderId}`,
      );
      expect(order.body.data).toEqual(expect.objectContaining({ status: 'paid', credits: CREDIT_PACKAGE.credits }));
      const detail = await chargedOnce(admin, job.id, job.cost);
      printMoney(detail);

      const stream = await liveStreamLog(page);
      const balances = creditsFrames(stream).map((f) => f.balance);
      log.say(`b: credits events on the page: ${balances.join(' → ')}`);
      expect(balances.at(-1)).toBe(expected);
      expect(Math.max(...balances)).toBeLessThanOrEqual(before + CREDIT_PACKAGE.credits);
      expect(jobFrames(stream, job.id).map((f) => f.type)).toContain('completed');
      expect(await documentStillMarked(page)).toBe(true);
      log.say(`b: balance ${before} − ${job.cost} + ${CREDIT_PACKAGE.credits} = ${credits.balance}, stable 15 s later`);
      recordRunState({ demoBalance: expected, jobs: [{ id: job.id, duration: 5, cost: job.cost }], orders: [orderId] });
    },
    600_000,
  );

  journey.test(
    'c. the gateway replica holding the live stream restarts: the page resumes and misses nothing',
    async () => {
      await stackReady();
      // The administrator's page has a stream of its own: counted before the demo user's opens.
      const admin = await openAdmin(journey);
      const baseline = await eventually(
        'the gateways report their open streams, steadily',
        async () => {
          const first = await openConnectionsByGateway();
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const second = await openConnectionsByGateway();
          return JSON.stringify(first) === JSON.stringify(second) ? second : undefined;
        },
        (steady) => steady !== undefined && Object.values(steady).every((n) => Number.isFinite(n)),
        30_000,
      );
      const page = await openDemo(journey);
      const holder = await eventually(
        'one gateway replica holds the page stream',
        async () => {
          const now = await openConnectionsByGateway();
          const grown = (Object.keys(GATEWAYS) as Gateway[]).filter((g) => now[g] > baseline![g]);
          return grown.length === 1 ? grown[0] : undefined;
        },
        (gateway) => gateway !== undefined,
        20_000,
      );
      const holderGateway = holder as Gateway;
      log.say(
        `c: ${holderGateway} holds the page's stream (sse_open_connections before the page opened, the administrator's stream among them: ${JSON.stringify(baseline)})`,
      );

      const before = (await serverCredits(page)).balance;
      const job = await startLongJob(page, 'Balon nad Tatrami (drill: gateway restart)');
      const expected = before - job.cost + CREDIT_PACKAGE.credits;
      await eventually(
        `the page receives job ${job.id}'s progress`,
        async () => jobFrames(await liveStreamLog(page), job.id).some((f) => f.type === 'progress'),
        (seen) => seen,
        120_000,
      );
      const beforeRestart = await liveStreamLog(page);
      const lastIdBefore = beforeRestart.events.filter((e) => e.id).at(-1)?.id;
      log.say(
        `c: job ${job.id} rendering; event ids so far: ${dataFrames(beforeRestart)
          .map((e) => e.id)
          .join(' ')}`,
      );

      const restartedAt = Date.now();
      try {
        await restartService(holderGateway);
        log.say(`c: restarted ${holderGateway} in ${secondsSince(restartedAt)}`);
      } finally {
        if (!(await serviceReady(holderGateway))) await upAndWait(holderGateway);
      }
      const orderId = await buyThroughApi(page, CREDIT_PACKAGE.id, 'success');
      log.say(`c: order ${orderId} paid after the restart`);

      await eventually(
        `the page receives job ${job.id}'s completion and the balance ${expected}`,
        async () => {
          const stream = await liveStreamLog(page);
          return (
            jobFrames(stream, job.id).some((f) => f.type === 'completed') &&
            creditsFrames(stream).some((f) => f.balance === expected)
          );
        },
        (arrived) => arrived,
        300_000,
      );
      await expectBadgeCredits(page, expected, 30_000);
      expect(await documentStillMarked(page)).toBe(true);

      const stream = await liveStreamLog(page);
      for (const line of framesText(stream.events.filter((e) => e.type !== 'heartbeat'))) log.say(`  ${line}`);
      const after = await openConnectionsByGateway();
      log.say(
        `c: sse_open_connections after: ${JSON.stringify(after)}; connections: ${stream.connections.map((c) => c.url).join(' , ')}`,
      );

      // The page came back with the id of the last frame it had: nothing needs a reset.
      expect(stream.connections.length).toBeGreaterThanOrEqual(2);
      const resumed = new URL(stream.connections[1]!.url, journey.baseUrl).searchParams.get('lastEventId');
      const lastOnFirst = stream.events.filter((e) => e.connection === 0 && e.id).at(-1)?.id;
      expect(resumed).toBe(lastOnFirst);
      expect(lastOnFirst).toBeDefined();
      expect(compareLogIds(lastOnFirst as string, lastIdBefore as string)).toBeGreaterThanOrEqual(0);
      expect(stream.events.filter((e) => e.type === 'reset')).toEqual([]);
      log.say(
        `c: closed after ${stream.events.filter((e) => e.connection === 0).at(-1)?.type} ` +
          `(${stream.events.some((e) => e.type === 'reconnect') ? 'the replica said reconnect' : 'no reconnect frame'}); ` +
          `resumed with lastEventId ${resumed}`,
      );

      // Each data frame once, ids only increasing across the reconnect.
      const ids = dataFrames(stream).map((e) => e.id as string);
      for (let i = 1; i < ids.length; i += 1) expect(compareLogIds(ids[i]!, ids[i - 1]!)).toBeGreaterThan(0);

      // Every step of the job's history reached the page. The job.progress steps (queued, started,
      // progress n %, completed) come in their order: one topic, keyed by the job. `created` comes
      // from another topic (job.created), so it may arrive either side of `queued`, and dispatcher
      // wake-ups may add more of it: it is only required to be there.
      const detail = await chargedOnce(admin, job.id, job.cost);
      const history = detail.events.filter((e) => e.kind !== 'deleted').map((e) => `${e.kind}:${e.progress}`);
      const received = jobFrames(stream, job.id).map((f) => `${f.type}:${f.progress}`);
      log.say(`c: history ${history.join(' ')}`);
      log.say(`c: received ${received.join(' ')}`);
      const steps = (all: string[]) => all.filter((step) => !step.startsWith('created:'));
      expect(missingFromInOrder(steps(history), steps(received))).toEqual([]);
      expect(received.filter((step) => step.startsWith('created:')).length).toBeGreaterThanOrEqual(
        history.filter((step) => step.startsWith('created:')).length,
      );
      const afterReconnect = jobFrames(stream, job.id).filter((f) => f.connection > 0);
      expect(afterReconnect.length).toBeGreaterThan(0);
      log.say(
        `c: ids before the restart up to ${lastIdBefore}; after: ${afterReconnect.map((f) => `${f.id} ${f.type}`).join(', ')}`,
      );
      printMoney(detail);
      expect((await serverCredits(page)).balance).toBe(expected);
      recordRunState({
        demoBalance: expected,
        jobs: [{ id: job.id, duration: 10, cost: job.cost }],
        orders: [orderId],
      });
    },
    600_000,
  );
});

/** The gateways' open live streams (NaN for a replica whose metrics do not answer). */
async function openConnectionsByGateway(): Promise<Record<Gateway, number>> {
  const entries = await Promise.all(
    (Object.entries(GATEWAYS) as Array<[Gateway, number]>).map(
      async ([gateway, port]) =>
        [gateway, await metricValue(`http://127.0.0.1:${port}/metrics`, 'sse_open_connections')] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<Gateway, number>;
}

/** The entries of `wanted` that `got` lacks, matching in order (`got` may hold more). */
function missingFromInOrder(wanted: readonly string[], got: readonly string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const item of wanted) {
    const found = got.indexOf(item, at);
    if (found < 0) missing.push(item);
    else at = found + 1;
  }
  return missing;
}
