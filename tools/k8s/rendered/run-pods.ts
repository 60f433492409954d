// Runs every pod a rendering describes, exactly as its spec says, on the local Docker engine: the pre-install
// hook Jobs to completion, then each Deployment's container — its probes must pass — with the `helm test`
// pods while their target is up, then the preStop hook and SIGTERM within the grace period. kwok proves the
// API objects; this proves the pod specs and the images agree (issue 16). One line per pod, `ok` or `FAIL`.
//
//   node --import tsx tools/k8s/rendered/run-pods.ts rendered.yaml
//
// Needs DOCKER_HOST's engine with the Kadr images and the infrastructure images, root (nsenter) and curl.
// The rendering's external addresses must be the sandbox's (tools/k8s/pod-run-values.yaml).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container, KubeObject, PodSpec } from './kube-types';
import { parseManifests, podSpecOf } from './manifests';
import {
  dockerRun,
  type DockerRun,
  type ExpectedProcess,
  type PodSurroundings,
  type ProbeCheck,
} from './pod-to-docker';
import { command, docker, PodSandbox } from './pod-sandbox';
import { SANDBOX_HOLDER_IMAGE, SANDBOX_PORTS, startSandboxInfra, waitForSandboxInfra } from './sandbox-infra';

const INFRA_TIMEOUT_MS = Number(process.env.KADR_POD_RUN_INFRA_TIMEOUT_MS ?? 120_000);
// A readiness probe has no deadline of its own in Kubernetes; `helm install --wait` gives up after this.
const READINESS_BUDGET_SECONDS = 120;
const TEST_POD_TIMEOUT_SECONDS = 120;

let failures = 0;
function report(ok: boolean, line: string, detail = ''): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok && detail)
    console.log(
      detail
        .trimEnd()
        .split('\n')
        .map((text) => `     ${text}`)
        .join('\n'),
    );
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A self-signed certificate: what commerce expects in TPAY_JWS_ROOT_CA_PEM. */
function throwawayCertificate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-pod-run-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=kadr pod-run root',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'cert.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Throwaway values for the Secrets a cluster would hold, the same value for the same Secret key everywhere. */
function secretBook(known: Record<string, string>): PodSurroundings['secretValue'] {
  const values = new Map<string, string>();
  return (secretName, key, variable) => {
    const id = `${secretName}/${key}`;
    if (!values.has(id)) {
      const value =
        known[variable] ??
        (variable === 'TPAY_JWS_ROOT_CA_PEM' ? throwawayCertificate() : randomBytes(32).toString('hex'));
      values.set(id, value);
    }
    return values.get(id);
  };
}

interface Run {
  sandbox: PodSandbox;
  surroundings: (object: KubeObject) => PodSurroundings;
}

async function containerState(name: string): Promise<{ running: boolean; exitCode: number; pid: number }> {
  const [running, exitCode, pid] = (
    await docker(['inspect', '--format', '{{.State.Running}} {{.State.ExitCode}} {{.State.Pid}}', name])
  ).split(' ');
  return { running: running === 'true', exitCode: Number(exitCode), pid: Number(pid) };
}

/** The container's exit code once it stops; -1 when it is still running after `timeoutSeconds`. */
async function exitCodeOf(name: string, timeoutSeconds: number): Promise<number> {
  const waited = await command('docker', ['wait', name], { timeoutMs: timeoutSeconds * 1000 });
  return waited.code === 0 ? Number(waited.stdout.trim()) : -1;
}

async function logsOf(name: string, lines = 30): Promise<string> {
  const result = await command('docker', ['logs', '--tail', String(lines), name]);
  return `${result.stdout}${result.stderr}`;
}

function onlyContainer(object: KubeObject): { pod: PodSpec; container: Container } {
  const pod = podSpecOf(object);
  const [container, ...others] = pod?.containers ?? [];
  if (!pod || !container || others.length > 0 || (pod.initContainers ?? []).length > 0) {
    throw new Error(`${object.kind} ${object.metadata.name}: the check runs pods of exactly one container`);
  }
  return { pod, container };
}

async function start(runState: Run, object: KubeObject, suffix = ''): Promise<{ name: string; plan: DockerRun }> {
  const { pod, container } = onlyContainer(object);
  const name = `${runState.sandbox.name}-${object.metadata.name}${suffix}`;
  const plan = dockerRun(pod, container, runState.surroundings(object), {
    containerName: name,
    network: runState.sandbox.network,
    label: runState.sandbox.label,
  });
  await docker(plan.argv, plan.env);
  return { name, plan };
}

/** How the kernel sees the running process, against what the spec expects; each mismatch as a sentence. */
function processMismatches(pid: number, expected: ExpectedProcess): string[] {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1]?.trim() ?? '';
  const problems: string[] = [];
  const [uid, gid] = expected.user.split(':');
  if (field('Uid').split(/\s+/)[0] !== uid) problems.push(`runs as uid ${field('Uid')}, not ${uid}`);
  if (field('Gid').split(/\s+/)[0] !== gid) problems.push(`runs as gid ${field('Gid')}, not ${gid}`);
  if (expected.noNewPrivileges && field('NoNewPrivs') !== '1') problems.push('no_new_privs is not set');
  if (expected.noCapabilities && !/^0+$/.test(field('CapEff')))
    problems.push(`effective capabilities ${field('CapEff')}`);
  if (expected.seccompFiltered && field('Seccomp') !== '2') problems.push(`seccomp mode ${field('Seccomp')} (want 2)`);
  const mounts = readFileSync(`/proc/${pid}/mountinfo`, 'utf8')
    .split('\n')
    .map((line) => line.split(' '));
  const root = mounts.find((fields) => fields[4] === '/');
  if (expected.readOnlyRoot && !root?.[5]?.split(',').includes('ro')) problems.push('root filesystem is writable');
  for (const path of expected.tmpfsPaths) {
    const mount = mounts.find((fields) => fields[4] === path);
    if (!mount || !mount.includes('tmpfs')) problems.push(`${path} is not its own tmpfs`);
  }
  return problems;
}

/** The expectations met, in the words of the report line. */
function describeProcess(expected: ExpectedProcess): string {
  return [
    `uid:gid ${expected.user}`,
    expected.readOnlyRoot && 'read-only root',
    expected.tmpfsPaths.length > 0 && `tmpfs ${expected.tmpfsPaths.join(' ')}`,
    expected.noCapabilities && 'no capabilities',
    expected.noNewPrivileges && 'no-new-privileges',
    expected.seccompFiltered && 'seccomp filtered',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Polls a probe until it passes (2xx/3xx) within `budgetSeconds`; the kubelet's period is the upper bound of our poll. */
async function probeUntil(
  runState: Run,
  name: string,
  probe: ProbeCheck,
  budgetSeconds: number,
): Promise<{ ok: boolean; status: number; why?: string }> {
  const deadline = Date.now() + budgetSeconds * 1000;
  await sleep(probe.initialDelaySeconds * 1000);
  let status = 0;
  for (;;) {
    status = await runState.sandbox.httpStatus(probe.url, probe.timeoutSeconds);
    if (status >= 200 && status < 400) return { ok: true, status };
    const state = await containerState(name);
    if (!state.running) return { ok: false, status, why: `the container exited with code ${state.exitCode}` };
    if (Date.now() > deadline)
      return { ok: false, status, why: `no 2xx/3xx within ${budgetSeconds} s (last: ${status || 'no answer'})` };
    await sleep(Math.min(500, probe.periodSeconds * 1000));
  }
}

/** The time the kubelet allows until the first success before it restarts the container. */
function startBudget(probes: ProbeCheck[]): number {
  const first = probes.find((probe) => probe.kind === 'startup') ?? probes.find((probe) => probe.kind === 'liveness');
  return first ? first.initialDelaySeconds + first.periodSeconds * first.failureThreshold : READINESS_BUDGET_SECONDS;
}

async function runHookJob(runState: Run, job: KubeObject): Promise<void> {
  const spec = job.spec as { backoffLimit?: number; activeDeadlineSeconds?: number };
  const attempts = (spec.backoffLimit ?? 6) + 1;
  const deadlineSeconds = spec.activeDeadlineSeconds ?? 600;
  const started = Date.now();
  let detail = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const { name } = await start(runState, job, `-${attempt}`);
    if ((await exitCodeOf(name, deadlineSeconds)) === 0) {
      report(
        true,
        `Job ${job.metadata.name} (pre-install hook): exit 0 after ${seconds(started)} (attempt ${attempt} of ${attempts})`,
      );
      return;
    }
    detail = await logsOf(name);
    if (Date.now() - started > deadlineSeconds * 1000) break;
    await sleep(10_000 * attempt); // the Job controller's back-off: 10 s, 20 s, ...
  }
  report(false, `Job ${job.metadata.name} (pre-install hook): never exited 0 in ${attempts} attempts`, detail);
}

async function runTestPod(runState: Run, pod: KubeObject): Promise<void> {
  const started = Date.now();
  const { name } = await start(runState, pod);
  const code = await exitCodeOf(name, TEST_POD_TIMEOUT_SECONDS);
  const logs = await logsOf(name, 5);
  const last = logs.trim().split('\n').pop() ?? '';
  report(
    code === 0,
    `helm test Pod ${pod.metadata.name}: exit ${code} after ${seconds(started)} (${last.slice(0, 160)})`,
    code === 0 ? '' : logs,
  );
}

async function runDeployment(runState: Run, deployment: KubeObject, testPods: KubeObject[]): Promise<void> {
  const label = `Deployment ${deployment.metadata.name}`;
  const started = Date.now();
  const { name, plan } = await start(runState, deployment);
  const facts: string[] = [];
  const fail = async (why: string) => report(false, `${label}: ${why}`, await logsOf(name));
  const byKind = (kind: ProbeCheck['kind']) => plan.probes.find((probe) => probe.kind === kind);

  const first = byKind('startup') ?? byKind('liveness');
  if (first) {
    const result = await probeUntil(runState, name, first, startBudget(plan.probes));
    if (!result.ok) return fail(`${first.kind} probe ${first.url}: ${result.why}`);
    facts.push(`${first.kind} ${new URL(first.url).pathname} ${result.status} after ${seconds(started)}`);
  }
  const readiness = byKind('readiness');
  if (readiness) {
    const result = await probeUntil(runState, name, readiness, READINESS_BUDGET_SECONDS);
    if (!result.ok) return fail(`readiness probe ${readiness.url}: ${result.why}`);
    facts.push(`readiness ${new URL(readiness.url).pathname} ${result.status} after ${seconds(started)}`);
  }
  const liveness = byKind('liveness');
  if (liveness && liveness !== first) {
    const status = await runState.sandbox.httpStatus(liveness.url, liveness.timeoutSeconds);
    if (status < 200 || status >= 400) return fail(`liveness probe ${liveness.url} answered ${status || 'nothing'}`);
    facts.push(`liveness ${status}`);
  }
  const problems = processMismatches((await containerState(name)).pid, plan.expected);
  if (problems.length > 0) return fail(`the process is not as the spec says: ${problems.join('; ')}`);
  facts.unshift(describeProcess(plan.expected));

  for (const pod of testPods) await runTestPod(runState, pod);

  let preStopTaken = 0;
  if (plan.preStop) {
    const preStopStarted = Date.now();
    const result = await command('docker', ['exec', name, ...plan.preStop], {
      timeoutMs: plan.terminationGracePeriodSeconds * 1000,
    });
    if (result.code !== 0) return fail(`preStop ${plan.preStop.join(' ')} failed: ${result.stderr.trim()}`);
    preStopTaken = (Date.now() - preStopStarted) / 1000;
    facts.push(`preStop ${plan.preStop.join(' ')} (${preStopTaken.toFixed(1)} s)`);
  }
  // The grace period counts from the start of termination, preStop included.
  const remaining = Math.max(1, Math.floor(plan.terminationGracePeriodSeconds - preStopTaken));
  const stopStarted = Date.now();
  await docker(['stop', '--time', String(remaining), name], undefined, (remaining + 30) * 1000);
  const { exitCode } = await containerState(name);
  if (exitCode !== 0)
    return fail(`SIGTERM: exit ${exitCode} (want 0 within the ${plan.terminationGracePeriodSeconds} s grace period)`);
  facts.push(`SIGTERM → exit 0 after ${seconds(stopStarted)} (grace ${plan.terminationGracePeriodSeconds} s)`);
  report(true, `${label}: ${facts.join('; ')}`);
  await command('docker', ['rm', '--force', name]);
}

/** The rendering must name the sandbox's data stores (tools/k8s/pod-run-values.yaml), or every pod would fail obscurely. */
function assertPointsAtTheSandbox(configMaps: Map<string, Record<string, string>>): void {
  const wanted = {
    KAFKA_BROKERS: `127.0.0.1:${SANDBOX_PORTS.kafka}`,
    S3_ENDPOINT: `http://127.0.0.1:${SANDBOX_PORTS.s3}`,
  };
  for (const [name, data] of configMaps) {
    for (const [variable, address] of Object.entries(wanted)) {
      const value = data[variable];
      if (value !== undefined && value !== address) {
        throw new Error(
          `ConfigMap ${name}: ${variable} is ${value}, not the sandbox's ${address} (render with tools/k8s/pod-run-values.yaml)`,
        );
      }
    }
  }
}

function hookKinds(object: KubeObject): string[] {
  return (object.metadata.annotations?.['helm.sh/hook'] ?? '').split(',').filter(Boolean);
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node --import tsx tools/k8s/rendered/run-pods.ts rendered.yaml');
  const objects = parseManifests(readFileSync(file, 'utf8'));
  const configMaps = new Map(
    objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object.data ?? {}]),
  );
  const services = objects.filter((object) => object.kind === 'Service').map((object) => object.metadata.name);
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  if (deployments.length === 0) throw new Error(`no Deployment in ${file}: nothing to run`);
  const s3Region = [...configMaps.values()].map((data) => data.S3_REGION).find(Boolean) ?? 'us-east-1';
  assertPointsAtTheSandbox(configMaps);

  const sandbox = await PodSandbox.start(`kadr-pod-run-${process.pid}`, SANDBOX_HOLDER_IMAGE, services);
  const stop = () => sandbox.remove();
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void stop().finally(() => process.exit(143)));
  try {
    const infraStarted = Date.now();
    const infra = await startSandboxInfra(sandbox, s3Region);
    await waitForSandboxInfra(sandbox, INFRA_TIMEOUT_MS);
    report(
      true,
      `sandbox: one network namespace with loopback only; Kafka, MongoDB, Redis, MinIO ready after ${seconds(infraStarted)}`,
    );
    const secretValue = secretBook(infra.secretValues);
    const runState: Run = {
      sandbox,
      surroundings: (object) => ({
        configMaps,
        secretValue,
        podFields: {
          'metadata.name': `${object.metadata.name}-pod-run`,
          'metadata.namespace': object.metadata.namespace ?? 'default',
          'spec.nodeName': 'pod-run',
          'status.podIP': '127.0.0.1',
        },
      }),
    };
    const weight = (object: KubeObject) => Number(object.metadata.annotations?.['helm.sh/hook-weight'] ?? 0);
    const hookJobs = objects
      .filter((object) => object.kind === 'Job' && hookKinds(object).includes('pre-install'))
      .sort((a, b) => weight(a) - weight(b));
    for (const job of hookJobs) await runHookJob(runState, job);
    const testPods = objects.filter((object) => object.kind === 'Pod' && hookKinds(object).includes('test'));
    for (const deployment of deployments) {
      // A test pod runs while the Deployment it calls (its Service, named like the Deployment) is up.
      const calls = (pod: KubeObject) => JSON.stringify(pod.spec).includes(`//${deployment.metadata.name}:`);
      try {
        await runDeployment(runState, deployment, testPods.filter(calls));
      } catch (error) {
        report(false, `Deployment ${deployment.metadata.name}: ${(error as Error).message}`);
      }
    }
  } finally {
    await stop();
  }
  console.log(`pods run as their specs say: ${failures === 0 ? 'all passed' : `${failures} failed`}`);
  process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.log(`FAIL pod run: ${(error as Error).message}`);
  process.exitCode = 1;
});
