// One container of a rendered pod spec as the `docker run` that starts it the way a kubelet would: the
// same image, entrypoint and arguments, the environment resolved from its ConfigMaps, Secrets and
// fieldRefs, the pod's numeric user and groups, the read-only root, the capabilities and no-new-privileges,
// the emptyDirs (as tmpfs of their size limit), the memory and CPU limits, the grace period — and its
// probes as URLs. Whatever the mapping cannot reproduce faithfully is refused with a reason, never dropped.
import type { Container, EnvVar, PodSpec, Probe, SecurityContext } from './kube-types';

/** What the pod can read from the cluster: ConfigMaps and Secrets by name, and the pod's own fields. */
export interface PodSurroundings {
  configMaps: ReadonlyMap<string, Record<string, string>>;
  /** A Secret key's value; undefined when the Secret or key does not exist. */
  secretValue: (secretName: string, key: string, variable: string) => string | undefined;
  /** metadata.name, metadata.namespace, spec.nodeName, status.podIP, ... */
  podFields: Record<string, string>;
}

export interface ProbeCheck {
  kind: 'startup' | 'liveness' | 'readiness';
  /** http://127.0.0.1:<port><path> inside the pod's network namespace. */
  url: string;
  initialDelaySeconds: number;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
}

/** What the running process must look like to the kernel, by the spec (checked against /proc). */
export interface ExpectedProcess {
  /** `uid:gid`. */
  user: string;
  readOnlyRoot: boolean;
  noNewPrivileges: boolean;
  /** Every capability dropped and none added: no effective capabilities. */
  noCapabilities: boolean;
  /** RuntimeDefault (or unset): the engine's seccomp filter applies. */
  seccompFiltered: boolean;
  /** Mount points of the emptyDirs, each its own tmpfs. */
  tmpfsPaths: string[];
}

export interface DockerRun {
  /** docker run's arguments, image and command included; environment values are not in it (see env). */
  argv: string[];
  /** The container's environment: passed to the docker CLI's own environment, named by `-e NAME` in argv. */
  env: Record<string, string>;
  probes: ProbeCheck[];
  preStop?: string[];
  terminationGracePeriodSeconds: number;
  expected: ExpectedProcess;
}

export interface DockerRunOptions {
  containerName: string;
  /** docker run --network: `container:<sandbox>`, the pod's network namespace. */
  network: string;
  /** `key=value` on the container (the sandbox's, so the run removes it). */
  label?: string;
}

const BINARY_SUFFIXES: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
const DECIMAL_SUFFIXES: Record<string, number> = { k: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** A Kubernetes memory/storage quantity ("256Mi", "1G", "512") in bytes. */
export function bytesOf(quantity: string | number): number {
  const match = /^(\d+(?:\.\d+)?)([KMGT]i|[kMGT])?$/.exec(String(quantity));
  if (!match) throw new Error(`unsupported quantity ${quantity}`);
  const factor = match[2] ? (BINARY_SUFFIXES[match[2]] ?? DECIMAL_SUFFIXES[match[2]] ?? 1) : 1;
  return Math.round(Number(match[1]) * factor);
}

/** A Kubernetes CPU quantity ("500m", "1", 2) in CPUs. */
export function cpusOf(quantity: string | number): number {
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) / 1000 : Number(text);
}

/** $(VAR) references in env values, command and args, as the kubelet expands them ($$ escapes). */
export function expandReferences(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (whole, name: string | undefined) => {
    if (name === undefined) return '$';
    return env[name] ?? whole;
  });
}

/** The container's environment: envFrom first, then env in order (later wins), as the kubelet builds it. */
export function containerEnv(container: Container, surroundings: PodSurroundings): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.secretRef) throw new Error(`${container.name}: envFrom secretRef is not supported by this check`);
    const ref = source.configMapRef;
    if (!ref) continue;
    const data = surroundings.configMaps.get(ref.name);
    if (!data) {
      if (ref.optional) continue;
      throw new Error(`${container.name}: ConfigMap ${ref.name} (envFrom) is not in the rendering`);
    }
    for (const [key, value] of Object.entries(data)) env[`${source.prefix ?? ''}${key}`] = String(value);
  }
  for (const variable of container.env ?? []) {
    const value = valueOf(variable, container.name, surroundings, env);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}

function valueOf(
  variable: EnvVar,
  containerName: string,
  surroundings: PodSurroundings,
  env: Record<string, string>,
): string | undefined {
  if (!variable.valueFrom) return expandReferences(variable.value ?? '', env);
  const { secretKeyRef, configMapKeyRef, fieldRef, resourceFieldRef } = variable.valueFrom;
  if (secretKeyRef) {
    const value = surroundings.secretValue(secretKeyRef.name, secretKeyRef.key, variable.name);
    if (value === undefined && !secretKeyRef.optional) {
      throw new Error(`${containerName}: ${variable.name} needs Secret ${secretKeyRef.name} key ${secretKeyRef.key}`);
    }
    return value;
  }
  if (configMapKeyRef) {
    const value = surroundings.configMaps.get(configMapKeyRef.name)?.[configMapKeyRef.key];
    if (value === undefined && !configMapKeyRef.optional) {
      throw new Error(
        `${containerName}: ${variable.name} needs ConfigMap ${configMapKeyRef.name} key ${configMapKeyRef.key}`,
      );
    }
    return value;
  }
  if (fieldRef) {
    const value = surroundings.podFields[fieldRef.fieldPath];
    if (value === undefined)
      throw new Error(`${containerName}: ${variable.name}: fieldRef ${fieldRef.fieldPath} is not supported`);
    return value;
  }
  if (resourceFieldRef) throw new Error(`${containerName}: ${variable.name}: resourceFieldRef is not supported`);
  return undefined;
}

/** Pod-level settings with the container's own on top, as the kubelet merges them. */
function effectiveSecurity(pod: SecurityContext | undefined, container: SecurityContext | undefined): SecurityContext {
  return { ...pod, ...container };
}

function securityArgs(
  containerName: string,
  pod: PodSpec,
  security: SecurityContext,
): { argv: string[]; expected: Omit<ExpectedProcess, 'tmpfsPaths'> } {
  const argv: string[] = [];
  if (security.privileged) throw new Error(`${containerName}: privileged containers are not run by this check`);
  if (security.runAsUser === undefined) {
    throw new Error(`${containerName}: no runAsUser — the check runs numeric users only (the chart always sets one)`);
  }
  if (security.runAsNonRoot && security.runAsUser === 0) {
    throw new Error(`${containerName}: runAsNonRoot with runAsUser 0: the kubelet would refuse to start it`);
  }
  const group = security.runAsGroup ?? 0;
  const user = `${security.runAsUser}:${group}`;
  argv.push('--user', user);
  // The pod's fsGroup and supplementalGroups are supplementary groups of every container.
  const groups = [pod.securityContext?.fsGroup, ...(pod.securityContext?.supplementalGroups ?? [])];
  for (const extra of groups) if (extra !== undefined) argv.push('--group-add', String(extra));
  if (security.readOnlyRootFilesystem) argv.push('--read-only');
  for (const capability of security.capabilities?.drop ?? []) argv.push('--cap-drop', capability);
  for (const capability of security.capabilities?.add ?? []) argv.push('--cap-add', capability);
  if (security.allowPrivilegeEscalation === false) argv.push('--security-opt', 'no-new-privileges');
  // RuntimeDefault: the engine's default seccomp profile, which docker applies unless told otherwise.
  const seccomp = security.seccompProfile?.type;
  if (seccomp === 'Unconfined') argv.push('--security-opt', 'seccomp=unconfined');
  if (seccomp === 'Localhost') throw new Error(`${containerName}: a Localhost seccomp profile is not supported`);
  const drop = security.capabilities?.drop ?? [];
  return {
    argv,
    expected: {
      user,
      readOnlyRoot: security.readOnlyRootFilesystem === true,
      noNewPrivileges: security.allowPrivilegeEscalation === false,
      noCapabilities: drop.includes('ALL') && (security.capabilities?.add ?? []).length === 0,
      seccompFiltered: seccomp !== 'Unconfined',
    },
  };
}

/** Each mounted emptyDir as a tmpfs of its size limit, world-writable like the kubelet's emptyDir. */
function volumeArgs(container: Container, pod: PodSpec): { argv: string[]; tmpfsPaths: string[] } {
  const argv: string[] = [];
  const tmpfsPaths: string[] = [];
  for (const mount of container.volumeMounts ?? []) {
    const volume = (pod.volumes ?? []).find((candidate) => candidate.name === mount.name);
    if (!volume) throw new Error(`${container.name}: volumeMount ${mount.name} has no volume`);
    if (!volume.emptyDir)
      throw new Error(`${container.name}: volume ${mount.name} is not an emptyDir (not supported by this check)`);
    const size = volume.emptyDir.sizeLimit ? `,tmpfs-size=${bytesOf(volume.emptyDir.sizeLimit)}` : '';
    argv.push('--mount', `type=tmpfs,destination=${mount.mountPath},tmpfs-mode=0777${size}`);
    tmpfsPaths.push(mount.mountPath);
  }
  return { argv, tmpfsPaths };
}

function resourceArgs(container: Container): string[] {
  const limits = container.resources?.limits ?? {};
  const argv: string[] = [];
  if (limits.memory !== undefined) {
    const bytes = String(bytesOf(limits.memory));
    // No swap in a pod: the memory limit is the whole budget.
    argv.push('--memory', bytes, '--memory-swap', bytes);
  }
  if (limits.cpu !== undefined) argv.push('--cpus', String(cpusOf(limits.cpu)));
  // ephemeral-storage has no docker equivalent: the kubelet enforces it by eviction, not by the runtime.
  return argv;
}

function portNumber(container: Container, port: number | string): number {
  if (typeof port === 'number') return port;
  const named = (container.ports ?? []).find((candidate) => candidate.name === port);
  if (!named) throw new Error(`${container.name}: probe port ${port} is not a named port of the container`);
  return named.containerPort;
}

function probeCheck(container: Container, kind: ProbeCheck['kind'], probe: Probe | undefined): ProbeCheck[] {
  if (!probe) return [];
  if (!probe.httpGet) throw new Error(`${container.name}: ${kind} probe is not httpGet (not supported by this check)`);
  if ((probe.httpGet.scheme ?? 'HTTP') !== 'HTTP')
    throw new Error(`${container.name}: ${kind} probe is not plain HTTP`);
  return [
    {
      kind,
      url: `http://127.0.0.1:${portNumber(container, probe.httpGet.port)}${probe.httpGet.path ?? '/'}`,
      // The kubelet's defaults where the spec leaves a field out.
      initialDelaySeconds: probe.initialDelaySeconds ?? 0,
      periodSeconds: probe.periodSeconds ?? 10,
      timeoutSeconds: probe.timeoutSeconds ?? 1,
      failureThreshold: probe.failureThreshold ?? 3,
    },
  ];
}

function preStopOf(container: Container): string[] | undefined {
  const preStop = container.lifecycle?.preStop;
  if (!preStop) return undefined;
  if (preStop.exec) return preStop.exec.command;
  if (preStop.sleep) return undefined; // the kubelet sleeps itself: nothing runs in the container
  throw new Error(`${container.name}: preStop handler not supported by this check`);
}

export function dockerRun(
  pod: PodSpec,
  container: Container,
  surroundings: PodSurroundings,
  options: DockerRunOptions,
): DockerRun {
  const env = containerEnv(container, surroundings);
  const security = securityArgs(container.name, pod, effectiveSecurity(pod.securityContext, container.securityContext));
  const volumes = volumeArgs(container, pod);
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  const argv = ['run', '--detach', '--name', options.containerName, '--network', options.network];
  if (options.label) argv.push('--label', options.label);
  argv.push(...security.argv, ...volumes.argv, ...resourceArgs(container));
  argv.push('--stop-signal', 'SIGTERM', '--stop-timeout', String(grace));
  if (container.workingDir) argv.push('--workdir', container.workingDir);
  for (const name of Object.keys(env)) argv.push('--env', name);
  // command replaces the image's ENTRYPOINT, args its CMD; docker takes the entrypoint's first word only,
  // and --entrypoint clears the image's CMD as a pod's command does.
  const command = (container.command ?? []).map((word) => expandReferences(word, env));
  const args = (container.args ?? []).map((word) => expandReferences(word, env));
  const [entrypoint] = command;
  if (entrypoint !== undefined) argv.push('--entrypoint', entrypoint);
  argv.push(container.image, ...command.slice(1), ...args);
  return {
    argv,
    env,
    probes: [
      ...probeCheck(container, 'startup', container.startupProbe),
      ...probeCheck(container, 'liveness', container.livenessProbe),
      ...probeCheck(container, 'readiness', container.readinessProbe),
    ],
    preStop: preStopOf(container),
    terminationGracePeriodSeconds: grace,
    expected: { ...security.expected, tmpfsPaths: volumes.tmpfsPaths },
  };
}
