import { describe, expect, it } from '@jest/globals';
import type { Container, PodSpec } from '../rendered/kube-types';
import {
  bytesOf,
  containerEnv,
  cpusOf,
  dockerRun,
  expandReferences,
  type PodSurroundings,
} from '../rendered/pod-to-docker';

// A pod spec as the chart renders one (charts/kadr/templates/component-deployment.yaml), trimmed.
function gatewayPod(): { pod: PodSpec; container: Container } {
  const container: Container = {
    name: 'auth-gateway',
    image: 'auth-gateway:local',
    args: ['service/dist/main.js', '--mode=$(MODE)'],
    ports: [
      { name: 'http', containerPort: 8080 },
      { name: 'metrics', containerPort: 9464 },
    ],
    envFrom: [{ configMapRef: { name: 'kadr-auth-gateway' } }],
    env: [
      { name: 'OTEL_SERVICE_NAME', value: 'auth-gateway' },
      { name: 'K8S_POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'INTERNAL_TOKEN_SECRET', valueFrom: { secretKeyRef: { name: 'kadr-internal-token', key: 'k1' } } },
      {
        name: 'OIDC_CLIENT_SECRET',
        valueFrom: { secretKeyRef: { name: 'kadr-oidc', key: 'client-secret', optional: true } },
      },
      { name: 'LOG_LEVEL', value: 'debug' },
    ],
    startupProbe: {
      httpGet: { path: '/health/live', port: 'http' },
      periodSeconds: 5,
      failureThreshold: 24,
      timeoutSeconds: 3,
    },
    livenessProbe: { httpGet: { path: '/health/live', port: 'http' } },
    readinessProbe: { httpGet: { path: '/health/ready', port: 8080 }, periodSeconds: 5 },
    lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
    resources: {
      requests: { cpu: '100m', memory: '192Mi' },
      limits: { cpu: '1', memory: '512Mi', 'ephemeral-storage': '512Mi' },
    },
    securityContext: {
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      runAsUser: 10001,
      runAsGroup: 10001,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    },
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
  const pod: PodSpec = {
    containers: [container],
    securityContext: { runAsNonRoot: true, fsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } },
    terminationGracePeriodSeconds: 40,
    volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '256Mi' } }],
  };
  return { pod, container };
}

const secrets: Record<string, string> = { 'kadr-internal-token/k1': 'token-key-1' };
const surroundings: PodSurroundings = {
  configMaps: new Map([['kadr-auth-gateway', { PORT: '8080', LOG_LEVEL: 'info', MODE: 'serve' }]]),
  secretValue: (name, key) => secrets[`${name}/${key}`],
  podFields: { 'metadata.name': 'kadr-auth-gateway-pod-run' },
};
const options = { containerName: 'pod-run-gateway', network: 'container:sandbox', label: 'kadr.pod-run=1' };

describe('a rendered container as docker run', () => {
  it('builds the environment as the kubelet does: ConfigMap first, env entries over it, secrets and fields resolved', () => {
    const { container } = gatewayPod();
    const env = containerEnv(container, surroundings);
    expect(env).toEqual({
      PORT: '8080',
      MODE: 'serve',
      LOG_LEVEL: 'debug',
      OTEL_SERVICE_NAME: 'auth-gateway',
      K8S_POD_NAME: 'kadr-auth-gateway-pod-run',
      INTERNAL_TOKEN_SECRET: 'token-key-1',
    });
  });

  it('refuses a missing required Secret key, naming it', () => {
    const { container } = gatewayPod();
    const without = { ...surroundings, secretValue: () => undefined };
    expect(() => containerEnv(container, without)).toThrow(
      'INTERNAL_TOKEN_SECRET needs Secret kadr-internal-token key k1',
    );
  });

  it('runs the user, read-only root, capabilities, no-new-privileges, tmpfs and limits of the spec, secrets outside argv', () => {
    const { pod, container } = gatewayPod();
    const run = dockerRun(pod, container, surroundings, options);
    const joined = run.argv.join(' ');
    expect(joined).toContain('--network container:sandbox');
    expect(joined).toContain(
      '--user 10001:10001 --group-add 10001 --read-only --cap-drop ALL --security-opt no-new-privileges',
    );
    expect(joined).toContain(`--mount type=tmpfs,destination=/tmp,tmpfs-mode=0777,tmpfs-size=${256 * 2 ** 20}`);
    expect(joined).toContain(`--memory ${512 * 2 ** 20} --memory-swap ${512 * 2 ** 20} --cpus 1`);
    expect(joined).toContain('--stop-timeout 40');
    expect(run.argv.slice(-3)).toEqual(['auth-gateway:local', 'service/dist/main.js', '--mode=serve']);
    expect(run.argv).not.toContain('--entrypoint');
    expect(joined).not.toContain('token-key-1');
    expect(run.argv).toContain('INTERNAL_TOKEN_SECRET');
    expect(run.env.INTERNAL_TOKEN_SECRET).toBe('token-key-1');
    expect(run.expected).toEqual({
      user: '10001:10001',
      readOnlyRoot: true,
      noNewPrivileges: true,
      noCapabilities: true,
      seccompFiltered: true,
      tmpfsPaths: ['/tmp'],
    });
    expect(run.preStop).toEqual(['sleep', '5']);
  });

  it('turns probes into URLs on the named or numbered port, with the kubelet defaults where the spec is silent', () => {
    const { pod, container } = gatewayPod();
    expect(dockerRun(pod, container, surroundings, options).probes).toEqual([
      {
        kind: 'startup',
        url: 'http://127.0.0.1:8080/health/live',
        initialDelaySeconds: 0,
        periodSeconds: 5,
        timeoutSeconds: 3,
        failureThreshold: 24,
      },
      {
        kind: 'liveness',
        url: 'http://127.0.0.1:8080/health/live',
        initialDelaySeconds: 0,
        periodSeconds: 10,
        timeoutSeconds: 1,
        failureThreshold: 3,
      },
      {
        kind: 'readiness',
        url: 'http://127.0.0.1:8080/health/ready',
        initialDelaySeconds: 0,
        periodSeconds: 5,
        timeoutSeconds: 1,
        failureThreshold: 3,
      },
    ]);
  });

  it('replaces the entrypoint when the spec has a command (the helm test pod: node -e)', () => {
    const { pod, container } = gatewayPod();
    const run = dockerRun(
      pod,
      { ...container, command: ['node', '-e'], args: ['process.exit(0)'] },
      surroundings,
      options,
    );
    const image = run.argv.indexOf('auth-gateway:local');
    expect(run.argv.slice(image - 2)).toEqual(['--entrypoint', 'node', 'auth-gateway:local', '-e', 'process.exit(0)']);
  });

  it('refuses what it cannot reproduce instead of dropping it', () => {
    const { pod, container } = gatewayPod();
    expect(() =>
      dockerRun(
        pod,
        { ...container, securityContext: { ...container.securityContext, runAsUser: 0 } },
        surroundings,
        options,
      ),
    ).toThrow('runAsNonRoot with runAsUser 0');
    const secretVolume = { ...pod, volumes: [{ name: 'tmp', secret: { secretName: 'x' } }] };
    expect(() => dockerRun(secretVolume, container, surroundings, options)).toThrow('volume tmp is not an emptyDir');
    const tcpProbe = { ...container, readinessProbe: { tcpSocket: { port: 8080 } } };
    expect(() => dockerRun(pod, tcpProbe, surroundings, options)).toThrow('readiness probe is not httpGet');
  });

  it('reads Kubernetes quantities', () => {
    expect(bytesOf('64Mi')).toBe(64 * 2 ** 20);
    expect(bytesOf('1G')).toBe(1e9);
    expect(bytesOf(512)).toBe(512);
    expect(() => bytesOf('1.5 gigs')).toThrow('unsupported quantity');
    expect(cpusOf('250m')).toBe(0.25);
    expect(cpusOf(2)).toBe(2);
  });

  it('expands $(VAR) references and keeps $$ as an escaped $', () => {
    expect(expandReferences('$(A)-$(MISSING)-$$(A)', { A: 'x' })).toBe('x-$(MISSING)-$(A)');
  });
});
