/**
 * The chaos run: a seeded mixed workload (sign-ups, jobs on two workers, mock payments) against
 * the chaos stack while a fixed schedule kills the broker three times and one worker once, all
 * with SIGKILL; then a bounded wait until everything settled, the audit and the dead letters.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { seededRandom } from '@kadr/tooling/test-helpers';
import { auditChaosRun, lostWhenSettlingEnds, type AuditFinding, type AuditReport } from './chaos-audit';
import type { ChaosStack } from './chaos-stack';
import { ChaosUser, type JobRequest } from './chaos-user';
import { readDeadLetters, type DeadLetter } from './dead-letters';
import type { ServiceProcess } from './service-process';

export interface ChaosRunOptions {
  users: number;
  jobs: number;
  payments: number;
  seed: number;
  /** How long the broker stays dead each time. */
  brokerDownMs: number;
  /** The bound of the final wait for jobs, holds, grants and live feeds to settle. */
  settleMs: number;
  mongoUri: string;
  log: (line: string) => void;
}

export interface ChaosRunResult {
  users: ChaosUser[];
  report: AuditReport;
  lost: AuditFinding[];
  double: AuditFinding[];
  invariants: AuditFinding[];
  deadLetters: DeadLetter[];
  brokerKills: number;
  consumerKills: number;
  /** Uncommitted `job.created` messages of the worker group when the worker was killed. */
  workerLagAtKill: number;
}

type Action =
  { user: number; kind: 'job'; job: JobRequest } | { user: number; kind: 'payment'; outcome: 'success' | 'failure' };

/** Jobs: about a third on the faulty provider (fails at once, hold released), the rest rendered. Payments: a quarter fail. */
function planActions(options: ChaosRunOptions, random: () => number): Action[] {
  const actions: Action[] = [];
  for (let i = 0; i < options.jobs; i += 1) {
    const modelId = random() < 0.35 ? 'faulty-test' : 'kadr-motion-v1';
    actions.push({ user: i % options.users, kind: 'job', job: { modelId, prompt: `Chaos lantern ${i}` } });
  }
  for (let i = 0; i < options.payments; i += 1) {
    actions.push({ user: i % options.users, kind: 'payment', outcome: random() < 0.25 ? 'failure' : 'success' });
  }
  for (let i = actions.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [actions[i], actions[j]] = [actions[j]!, actions[i]!];
  }
  return actions;
}

export async function runChaos(stack: ChaosStack, options: ChaosRunOptions): Promise<ChaosRunResult> {
  const random = seededRandom(options.seed);
  const runTag = `${options.seed}-${Date.now().toString(36)}`;
  const users = Array.from(
    { length: options.users },
    (_, i) => new ChaosUser(stack.publicUrl, `chaos-${runTag}-${i}@kadr.local`),
  );
  try {
    return await runWorkloadUnderChaos(stack, options, users, random);
  } finally {
    // Also when the run failed half-way: open live streams would keep the test process alive.
    await Promise.all(users.map((user) => user.live.stop()));
  }
}

async function runWorkloadUnderChaos(
  stack: ChaosStack,
  options: ChaosRunOptions,
  users: ChaosUser[],
  random: () => number,
): Promise<ChaosRunResult> {
  const { log } = options;
  const actions = planActions(options, random);
  let brokerKills = 0;
  const killBroker = async (why: string) => {
    brokerKills += 1;
    log(`broker kill ${brokerKills} (${why})`);
    await stack.broker.kill();
    await sleep(options.brokerDownMs);
    await stack.broker.start();
    log(`broker ${brokerKills} back`);
  };

  // 1. Sign-ups, with the first broker kill while their user.registered events are on the way.
  const signUps = Promise.all(users.map((user) => user.signIn()));
  await sleep(300);
  await killBroker('during sign-ups');
  await signUps;
  for (const user of users) user.live.start();

  // 2. Jobs and payments, two at a time, paced; the remaining kills happen meanwhile.
  let done = 0;
  const queue = [...actions];
  const perform = async () => {
    for (let action = queue.shift(); action; action = queue.shift()) {
      const user = users[action.user]!;
      if (action.kind === 'job') await user.generate(action.job);
      else await user.buyCredits(action.outcome);
      done += 1;
      await sleep(150 + Math.floor(random() * 250));
    }
  };
  const workload = Promise.all([perform(), perform()]);
  const workloadFailed = workload.then(
    () => undefined,
    (error: unknown) => error,
  );

  await waitFor(() => done >= Math.ceil(actions.length / 3), 120_000, 'a third of the workload');
  await killBroker('mid-workload');

  const workerKill = await killWorkerMidBatch(stack, options, log);
  const consumerKills = 1;

  const failure = await workloadFailed;
  if (failure) throw failure instanceof Error ? failure : new Error('the workload failed', { cause: failure });
  // While the restarted worker waits to rejoin its group (the coordinator holds its JoinGroup
  // until the killed predecessor's session ends): it must ride out the outage, not give up.
  const rejoining = await waitForGroupState(stack.broker.address, 'jobs-worker', 'PreparingRebalance', 60_000);
  const name = workerKill.worker.options.name;
  await killBroker(`while jobs render and settle${rejoining ? `, ${name} waiting to rejoin its group` : ''}`);
  await workerKill.restarted;
  log(`${name} back`);

  // 3. Settle (bounded), audit, dead letters.
  const connection = await mongoose.createConnection(options.mongoUri).asPromise();
  try {
    const sources = {
      commerce: connection.useDb(stack.databaseOf('commerce'), { useCache: false }).db!,
      jobs: connection.useDb(stack.databaseOf('jobs'), { useCache: false }).db!,
      users,
    };
    const deadline = Date.now() + options.settleMs;
    let report = await auditChaosRun(sources);
    while (report.settling.length > 0 && Date.now() < deadline) {
      await sleep(1_000);
      report = await auditChaosRun(sources);
    }
    const findings = [...report.findings, ...lostWhenSettlingEnds(report)];
    const deadLetters = await readDeadLetters(stack.broker.address);
    return {
      users,
      report,
      lost: findings.filter((finding) => finding.kind === 'lost'),
      double: findings.filter((finding) => finding.kind === 'double'),
      invariants: findings.filter((finding) => finding.kind === 'invariant'),
      deadLetters,
      brokerKills,
      consumerKills,
      workerLagAtKill: workerKill.lag,
    };
  } finally {
    await connection.close();
  }
}

/**
 * kill -9 of the first worker seen rendering a job (its lease held, the job PROCESSING) and,
 * when the group has a backlog, while later `job.created` deliveries of its partitions wait,
 * uncommitted, for its render slot. Restarted half a second later (not waited for: `restarted`);
 * its job is taken over once the lease runs out. Answers the group's backlog at the kill.
 */
async function killWorkerMidBatch(
  stack: ChaosStack,
  options: ChaosRunOptions,
  log: (line: string) => void,
): Promise<{ worker: ServiceProcess; lag: number; restarted: Promise<void> }> {
  const connection = await mongoose.createConnection(options.mongoUri).asPromise();
  let victim: ServiceProcess | undefined;
  try {
    const jobs = connection.useDb(stack.databaseOf('jobs'), { useCache: false }).db!.collection('jobs');
    const rendering = async (worker: ServiceProcess) => {
      const pid = worker.currentPid;
      if (pid === undefined) return false;
      // The worker id is `<host>-<pid>-<random>` (services/jobs startJobsWorker).
      return (await jobs.countDocuments({ status: 'PROCESSING', leaseOwner: new RegExp(`-${pid}-[0-9a-f]+$`) })) > 0;
    };
    await waitFor(
      async () => {
        for (const worker of stack.workers) if (await rendering(worker)) victim = worker;
        return victim !== undefined;
      },
      90_000,
      'a worker rendering a job',
    );
  } finally {
    await connection.close();
  }
  const worker = victim!;
  const lag = await workerGroupLag(stack.broker.address);
  log(`consumer kill: ${worker.options.name} (pid ${worker.currentPid}) while rendering; job.created backlog ${lag}`);
  await worker.kill();
  await sleep(500);
  // Its old membership lingers until the group's session time-out (30 s), so rejoining is slow.
  const restarted = worker.start(120_000);
  restarted.catch(() => undefined); // awaited by the caller; this only keeps it from being unhandled meanwhile
  return { worker, lag, restarted };
}

async function workerGroupLag(broker: string): Promise<number> {
  const admin = new Kafka({ clientId: 'kadr-chaos-lag', brokers: [broker], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets('job.created');
    const [committed] = await admin.fetchOffsets({ groupId: 'jobs-worker', topics: ['job.created'] });
    return ends.reduce((lag, { partition, high }) => {
      const at = committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1';
      return lag + Number(BigInt(high) - (BigInt(at) < 0n ? 0n : BigInt(at)));
    }, 0);
  } finally {
    await admin.disconnect();
  }
}

/** True once the group is in `state` (e.g. a member's JoinGroup is pending), false when the bound passes first. */
async function waitForGroupState(broker: string, group: string, state: string, timeoutMs: number): Promise<boolean> {
  const admin = new Kafka({ clientId: 'kadr-chaos-group', brokers: [broker], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { groups } = await admin.describeGroups([group]);
      if (groups[0]?.state === state) return true;
      await sleep(200);
    }
    return false;
  } finally {
    await admin.disconnect();
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await sleep(200);
  }
}
