/**
 * One single-node Kafka 3.9.1 (KRaft) of the chaos harness's own: the jars tools/infra/up.sh
 * cached, its own ports and data folder, so it can be killed with SIGKILL and started again on
 * the same data (what a crashed broker does) without touching the shared broker on 9092.
 * The server.properties are tools/infra/up.sh's (start_kafka), with this broker's ports and a
 * shorter broker session (see format()).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import type { ProcessRegistry } from './process-registry';

const INFRA_ROOT = path.resolve(__dirname, '../infra');
const KAFKA_VERSION = '3.9.1';
const HOST = '127.0.0.1';

/** The cached Kafka jars (`<cache>/kafka/3.9.1-<pom hash>/libs`), or why they are not there. */
export function findKafkaLibs(env: NodeJS.ProcessEnv = process.env): { libs: string } | { reason: string } {
  const cache = env.KADR_INFRA_CACHE ?? path.join(os.homedir(), '.cache', 'kadr-infra');
  const kafkaCache = path.join(cache, 'kafka');
  const candidates = fs.existsSync(kafkaCache)
    ? fs
        .readdirSync(kafkaCache)
        .filter((name) => name.startsWith(`${KAFKA_VERSION}-`))
        .map((name) => path.join(kafkaCache, name, 'libs'))
        .filter((libs) => fs.existsSync(path.join(libs, '.complete')))
    : [];
  if (candidates.length === 0) {
    return { reason: `no Kafka ${KAFKA_VERSION} jars in ${kafkaCache} (bash tools/infra/up.sh fetches them once)` };
  }
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) return { reason: 'java is not on the PATH' };
  return { libs: candidates[0]! };
}

export interface ChaosKafkaBrokerOptions {
  libs: string;
  /** Data, logs and server.properties; kept across kills, deleted by the caller. */
  dir: string;
  port: number;
  controllerPort: number;
  processes: ProcessRegistry;
}

export class ChaosKafkaBroker {
  readonly address: string;
  private pid: number | undefined;

  constructor(private readonly options: ChaosKafkaBrokerOptions) {
    this.address = `${HOST}:${options.port}`;
  }

  /** Writes server.properties and formats the storage (once; a restart reuses both). */
  format(): void {
    const { dir, port, controllerPort } = this.options;
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
    fs.writeFileSync(
      this.propertiesFile,
      [
        '# Written by tools/chaos/kafka-broker.ts: tools/infra/up.sh settings on the chaos ports.',
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@${HOST}:${controllerPort}`,
        `listeners=PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}`,
        `advertised.listeners=PLAINTEXT://${HOST}:${port}`,
        'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
        'inter.broker.listener.name=PLAINTEXT',
        'controller.listener.names=CONTROLLER',
        `log.dirs=${path.join(dir, 'data')}`,
        'num.partitions=1',
        'default.replication.factor=1',
        'min.insync.replicas=1',
        'offsets.topic.replication.factor=1',
        'offsets.topic.num.partitions=1',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'transaction.state.log.num.partitions=1',
        'group.initial.rebalance.delay.ms=0',
        // A broker killed with SIGKILL cannot register again until the controller drops its
        // previous incarnation at the end of its session (9 s by default): a restart took 16 s.
        'broker.session.timeout.ms=3000',
        'broker.heartbeat.interval.ms=1000',
        '',
      ].join('\n'),
    );
    const clusterId = randomBytes(16).toString('base64url').replace(/^-/, 'A'); // an id starting with "-" would read as an option
    const format = spawnSync(
      'java',
      [
        '-Xmx256m',
        ...this.logOptions('format'),
        '-cp',
        `${this.options.libs}/*`,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId,
        '-c',
        this.propertiesFile,
        '--ignore-formatted',
      ],
      { encoding: 'utf8' },
    );
    if (format.status !== 0) throw new Error(`kafka storage format failed: ${format.stderr || format.stdout}`);
  }

  /** Starts the broker on its data folder and resolves once it serves topics and groups. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.pid !== undefined) throw new Error('the chaos broker is already running');
    const out = fs.openSync(path.join(this.options.dir, 'logs', 'stdout.log'), 'a');
    const child = spawn(
      'java',
      [
        '-Xms128m',
        '-Xmx384m',
        '-XX:+ExitOnOutOfMemoryError',
        '-XX:TieredStopAtLevel=1',
        '-Djava.awt.headless=true',
        ...this.logOptions('server'),
        '-cp',
        `${this.options.libs}/*`,
        'kafka.Kafka',
        this.propertiesFile,
      ],
      { detached: true, stdio: ['ignore', out, out] },
    );
    fs.closeSync(out);
    child.unref();
    this.pid = this.options.processes.add('kafka', child);
    await this.waitReady(timeoutMs);
  }

  /** kill -9, then waits until the process is gone (its ports are free again). */
  async kill(): Promise<void> {
    if (this.pid === undefined) return;
    await this.options.processes.kill(this.pid, 'SIGKILL');
    this.pid = undefined;
  }

  /** A clean stop (SIGTERM, SIGKILL after a grace period). */
  async stop(): Promise<void> {
    if (this.pid === undefined) return;
    await this.options.processes.stop(this.pid, 20_000);
    this.pid = undefined;
  }

  get serverLog(): string {
    return path.join(this.options.dir, 'logs', 'server.log');
  }

  private get propertiesFile(): string {
    return path.join(this.options.dir, 'server.properties');
  }

  private logOptions(name: string): string[] {
    return [
      `-Dlog4j.configuration=file:${path.join(INFRA_ROOT, 'kafka', 'log4j.properties')}`,
      `-Dkafka.logs.dir=${path.join(this.options.dir, 'logs')}`,
      `-Dkafka.log.name=${name}`,
    ];
  }

  /**
   * Ready = a topic can be created and has a leader, and the group coordinator answers (as
   * tools/infra's KafkaReady checks); after a kill the broker first recovers its logs.
   */
  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const kafka = new Kafka({
      clientId: 'kadr-chaos-ready',
      brokers: [this.address],
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      connectionTimeout: 1_000,
    });
    let lastError: unknown;
    while (Date.now() < deadline) {
      if (this.pid === undefined || !this.options.processes.isAlive(this.pid)) {
        throw new Error(`the chaos broker exited during startup (log: ${this.serverLog})`);
      }
      const admin = kafka.admin();
      try {
        await admin.connect();
        await admin.createTopics({ topics: [{ topic: 'kadr-chaos-ready', numPartitions: 1 }], waitForLeaders: true });
        const [topic] = (await admin.fetchTopicMetadata({ topics: ['kadr-chaos-ready'] })).topics;
        if (topic && topic.partitions.every((p) => p.leader >= 0)) {
          await admin.describeGroups(['kadr-chaos-ready']); // finds the group coordinator
          return;
        }
      } catch (error) {
        lastError = error;
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
      await sleep(250);
    }
    throw new Error(`the chaos broker was not ready within ${timeoutMs} ms (log: ${this.serverLog})`, {
      cause: lastError,
    });
  }
}
