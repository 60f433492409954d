/**
 * Kafka chaos on the native broker (issue 13): the distributed product as separate processes
 * on a Kafka broker of its own; during a mixed workload the broker is killed with SIGKILL three
 * times and restarted on its data, and one jobs worker (a consumer) is killed mid-batch and
 * restarted. Afterwards every job settled once, every paid order granted once, every credits
 * change reached the live feed, and no dead letter is left unexplained. See tools/chaos/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { CHAOS_DATABASES, CHAOS_REDISPATCH_AFTER_MS, startChaosStack, type ChaosStack } from '../chaos-stack';
import { runChaos, type ChaosRunResult } from '../chaos-run';
import type { DeadLetter } from '../dead-letters';
import { findKafkaLibs } from '../kafka-broker';
import { ProcessRegistry } from '../process-registry';

const sizeOf = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};

/** The CI default keeps the whole test within 3 minutes on a 2-core machine. */
const SIZE = {
  users: sizeOf('KADR_CHAOS_USERS', 4),
  jobs: sizeOf('KADR_CHAOS_JOBS', 10),
  payments: sizeOf('KADR_CHAOS_PAYMENTS', 6),
  seed: sizeOf('KADR_CHAOS_SEED', 13),
};
/** The jobs dispatcher's bound, when the caller names one (default: CHAOS_REDISPATCH_AFTER_MS). */
const JOBS_ENV: Record<string, string> = process.env.JOB_REDISPATCH_AFTER_MS
  ? { JOB_REDISPATCH_AFTER_MS: process.env.JOB_REDISPATCH_AFTER_MS }
  : {};
/**
 * The final wait: a job whose job.created was lost is dispatched again after the redispatch
 * bound (then claimed, rendered, its hold settled and the change streamed), so the wait grows
 * with it; with the default 10 s, 90 s.
 */
const SETTLE_MS = 60_000 + 3 * Number(JOBS_ENV.JOB_REDISPATCH_AFTER_MS ?? CHAOS_REDISPATCH_AFTER_MS);

const suiteStarted = Date.now();
/** Progress lines, with the seconds since the suite started (where the time goes on a slow machine). */
const say = (line: string) =>
  process.stdout.write(`kafka chaos: [${((Date.now() - suiteStarted) / 1000).toFixed(1)} s] ${line}\n`);

/**
 * A dead letter is explained when its effect happened anyway: a `job.created` the worker group
 * gave up on (every worker busy for its whole retry budget) whose job was dispatched again and
 * finished. Anything else dead-lettered is a fault the run cannot account for.
 */
function explain(letter: DeadLetter, result: ChaosRunResult): string | undefined {
  if (letter.originalTopic !== 'job.created') return undefined;
  const settled = result.users.some((user) => user.jobIds.includes(letter.key));
  return settled ? `job ${letter.key} was dispatched again and settled` : undefined;
}

const kafkaJars = findKafkaLibs();

describeWithRealServer('mongodb', 'kafka chaos on a native broker of its own', (mongo) =>
  describeWithRealServer('redis', 'with Redis', (redis) => {
    if ('reason' in kafkaJars) {
      const title = `kafka chaos (skipped: ${kafkaJars.reason})`;
      if (process.env.KADR_REQUIRE_REAL_SERVERS === '1') {
        it('has the Kafka jars it needs', () => {
          throw new Error(title);
        });
      } else {
        it.skip(title, () => undefined);
      }
      return;
    }

    const processes = new ProcessRegistry();
    const runId = `${Date.now().toString(36)}${process.pid}`;
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-chaos-'));
    let stack: ChaosStack | undefined;
    let passed = false;

    beforeAll(async () => {
      const started = Date.now();
      stack = await startChaosStack({
        runId,
        workDir,
        kafkaLibs: kafkaJars.libs,
        mongoUri: mongo.uri,
        redisUrl: redis.url,
        processes,
        jobsEnv: JOBS_ENV,
      });
      say(`stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (logs: ${workDir})`);
    }, 150_000);

    afterAll(async () => {
      await stack?.stop();
      await processes.stopAll();
      const connection = await mongoose.createConnection(mongo.uri).asPromise();
      try {
        for (const service of CHAOS_DATABASES) {
          await connection.useDb(`kadr-chaos-${runId}-${service}`, { useCache: false }).dropDatabase();
        }
      } finally {
        await connection.close();
      }
      if (passed) fs.rmSync(workDir, { recursive: true, force: true });
      else say(`logs kept in ${workDir}`);
    }, 60_000);

    it(
      'settles every job once, grants every paid order once and streams every credits change',
      async () => {
        const started = Date.now();
        const result = await runChaos(stack!, {
          ...SIZE,
          brokerDownMs: 1_000,
          settleMs: SETTLE_MS,
          mongoUri: mongo.uri,
          log: say,
        });
        const { report } = result;
        const submittedJobs = result.users.reduce((sum, user) => sum + user.jobIds.length, 0);
        const payments = result.users.reduce((sum, user) => sum + user.payments.length, 0);
        const unexplained = result.deadLetters.filter((letter) => !explain(letter, result));
        for (const letter of result.deadLetters) {
          say(
            `dead letter ${letter.topic} (${letter.eventId}, ${letter.attempts} attempts): ${letter.error} — ${
              explain(letter, result) ?? 'UNEXPLAINED'
            }`,
          );
        }
        for (const finding of [...result.lost, ...result.double, ...result.invariants]) {
          say(`${finding.kind}: ${finding.what}`);
        }
        say(
          `users ${result.users.length}, jobs ${submittedJobs} (completed ${report.jobs.completed}, failed ${report.jobs.failed}), ` +
            `payments ${payments} (paid ${report.paidOrders}), credits events ${report.creditsEventsSeen}, ` +
            `worker backlog at kill ${result.workerLagAtKill}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        // The one line CI shows for the run (no time prefix, so it reads the same in every log).
        process.stdout.write(
          `kafka chaos: users ${result.users.length}, jobs ${submittedJobs}, payments ${payments}, ` +
            `broker kills ${result.brokerKills}, consumer kills ${result.consumerKills}, lost ${result.lost.length}, ` +
            `double ${result.double.length}, dlq ${unexplained.length}\n`,
        );

        expect(result.brokerKills).toBe(3);
        expect(result.consumerKills).toBe(1);
        expect(submittedJobs).toBeGreaterThan(0);
        expect(report.jobs.completed + report.jobs.failed).toBe(submittedJobs);
        expect(report.paidOrders).toBe(
          result.users.flatMap((user) => user.payments).filter((p) => p.outcome === 'success').length,
        );
        expect(result.lost).toEqual([]);
        expect(result.double).toEqual([]);
        expect(result.invariants).toEqual([]);
        expect(unexplained).toEqual([]);
        passed = true;
      },
      150_000 + SETTLE_MS,
    );
  }),
);
