/**
 * The docker compose files against the rules they promise to keep (docker-compose.yml's header,
 * docs/routing.json): the port plan has no collisions, Prometheus scrapes every process, the ingress
 * routes exactly the routing table, the CI override changes only networking, ports and what runs.
 * `docker compose config -q` (tools/compose/ci.sh) checks the syntax; this checks the meaning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '@kadr/config';
import { parse } from 'yaml';
import type { z } from 'zod';
import { adminConfigSchema } from '../../../services/admin/src/config';
import { gatewayConfigSchema } from '../../../services/auth-gateway/src/config';
import { commerceConfigSchema } from '../../../services/commerce/src/config';
import { i18nConfigSchema } from '../../../services/i18n/src/config';
import { jobsConfigSchema } from '../../../services/jobs/src/config';
import { mediaConfigSchema } from '../../../services/media/src/config';
import { notificationsConfigSchema } from '../../../services/notifications/src/config';

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  network_mode?: string;
  ports?: string[];
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const main = parse(read('docker-compose.yml'), { merge: true, maxAliasCount: -1 }) as ComposeFile;
// Compose's `!reset` (drop the main file's value) is a sequence like any other here.
const resetTag = { tag: '!reset', collection: 'seq' as const, resolve: (value: unknown) => value };
const ci = parse(read('docker-compose.ci.yml'), { merge: true, customTags: [resetTag] }) as ComposeFile;
const services = Object.entries(main.services);
/** KADR_IMAGES of tools/containers/deployables.sh: every image the container stage builds. */
const kadrImages = /^KADR_IMAGES=\(([^)]*)\)$/m.exec(read('tools/containers/deployables.sh'))![1]!.trim().split(/\s+/);
const isKadr = (s: ComposeService) => kadrImages.some((name) => s.image?.startsWith(`${name}:`));
const oneShots = services.filter(([, s]) => s.restart === 'no').map(([name]) => name);
const longRunningKadr = services.filter(([name, s]) => isKadr(s) && !oneShots.includes(name));

describe('docker-compose.yml', () => {
  it('runs every image the container stage builds', () => {
    const running = new Set(longRunningKadr.map(([, s]) => s.image?.split(':')[0]));
    expect(kadrImages.filter((image) => !running.has(image))).toEqual([]);
  });

  it('runs every long-running Kadr container with a health check, and two gateways and two workers', () => {
    const names = longRunningKadr.map(([name]) => name).sort();
    expect(names).toEqual(
      expect.arrayContaining(['auth-gateway-1', 'auth-gateway-2', 'jobs-worker-1', 'jobs-worker-2', 'web']),
    );
    for (const [name, service] of longRunningKadr) {
      expect({ name, healthcheck: Boolean(service.healthcheck?.test?.length) }).toEqual({ name, healthcheck: true });
    }
  });

  it('gives every process its own port and metrics port, and every health check asks its own', () => {
    const taken = new Map<string, string>();
    for (const [name, service] of services) {
      for (const variable of ['PORT', 'METRICS_PORT'] as const) {
        const port = service.environment?.[variable];
        if (!port) continue;
        expect({ port, usedBy: taken.get(port) ?? name }).toEqual({ port, usedBy: name });
        taken.set(port, name);
      }
      const probe = (service.healthcheck?.test ?? []).join(' ');
      const probedPort = /127\.0\.0\.1[:/](\d+)/.exec(probe)?.[1];
      const ownPort = service.environment?.PORT ?? service.environment?.METRICS_PORT;
      if (isKadr(service) && ownPort && !service.command?.includes('service/dist/worker.js')) {
        expect({ name, probedPort }).toEqual({ name, probedPort: ownPort });
      }
    }
  });

  it('waits for dependencies by health or completion, never by order alone', () => {
    for (const [name, service] of services) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, condition }).toEqual({
          name,
          dependency,
          condition: expect.stringMatching(/^service_(healthy|completed_successfully)$/),
        });
      }
    }
  });

  it('has Prometheus scrape every metrics port of the plan', () => {
    const scrape = parse(read('deploy/compose/prometheus/prometheus.yml')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const targets = scrape.scrape_configs
      .find((job) => job.job_name === 'kadr')!
      .static_configs.flatMap((config) => config.targets)
      .sort();
    const metricsPorts = services
      .map(([, service]) => service.environment?.METRICS_PORT)
      .filter((port): port is string => Boolean(port))
      .map((port) => `127.0.0.1:${port}`)
      .sort();
    expect(targets).toEqual(metricsPorts);
  });
});

describe('the ingress (deploy/compose/ingress/nginx.conf)', () => {
  const conf = read('deploy/compose/ingress/nginx.conf');
  const routing = JSON.parse(read('docs/routing.json')) as {
    routes: { path: string; match: 'prefix' | 'exact'; upstream: string; keepHost?: boolean }[];
  };
  const upstreamOf: Record<string, string> = {
    'auth-gateway': 'auth_gateway',
    web: 'web',
    'object-storage': 'object_storage',
  };
  /** location → the upstream it passes to, for `location [=] PATH { ... proxy_pass http://NAME; ... }`. */
  const locations = new Map<string, string>();
  for (const match of conf.matchAll(/location\s+(=\s+)?(\S+)\s*\{([^}]*)\}/g)) {
    const [, exact, locationPath, body] = match;
    const upstream = /proxy_pass\s+http:\/\/([a-z_]+)/.exec(body ?? '')?.[1];
    if (upstream) locations.set(`${exact ? '=' : ''}${locationPath}`, upstream);
  }

  it('routes every path of routing.json, by whole segments, to its upstream', () => {
    for (const route of routing.routes) {
      const upstream = upstreamOf[route.upstream];
      expect({ route: route.path, upstream }).toEqual({ route: route.path, upstream: expect.any(String) });
      if (route.path === '/') {
        expect(locations.get('/')).toBe(upstream);
      } else if (route.match === 'exact') {
        expect({ location: `=${route.path}`, to: locations.get(`=${route.path}`) }).toEqual({
          location: `=${route.path}`,
          to: upstream,
        });
      } else {
        for (const location of [`=${route.path}`, `${route.path}/`]) {
          expect({ location, to: locations.get(location) }).toEqual({ location, to: upstream });
        }
      }
    }
  });

  it('routes nothing else (the live stream is the /bff route, tuned)', () => {
    const routed = new Set(
      routing.routes.flatMap((route) =>
        route.path === '/'
          ? ['/']
          : route.match === 'exact'
            ? [`=${route.path}`]
            : [`=${route.path}`, `${route.path}/`],
      ),
    );
    const extra = [...locations.keys()].filter((location) => !routed.has(location));
    expect(extra).toEqual(['=/bff/sse/jobs']);
    expect(locations.get('=/bff/sse/jobs')).toBe('auth_gateway');
  });

  it('keeps the Host header for every upstream (the object storage signature covers it)', () => {
    expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
  });

  it('balances over both gateway replicas and the ports of the plan', () => {
    const gateways = [...conf.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map(([, port]) => port);
    expect(gateways).toEqual(
      expect.arrayContaining([
        main.services['auth-gateway-1']?.environment?.PORT,
        main.services['auth-gateway-2']?.environment?.PORT,
      ]),
    );
  });
});

describe('docker-compose.ci.yml', () => {
  it("changes only networking, ports and what runs (profiles, images), switches on jobs' test-only faulty model and gives the workers a longer render time-out", () => {
    const allowed = new Set(['network_mode', 'ports', 'profiles', 'image']);
    const jobsProcesses = ['jobs', 'jobs-worker-1', 'jobs-worker-2'];
    for (const [name, service] of Object.entries(ci.services)) {
      const keys = Object.keys(service).filter((key) => !allowed.has(key) && key !== 'environment');
      expect({ name, keys }).toEqual({ name, keys: [] });
      expect(main.services[name]).toBeDefined();
      const environment = (service as { environment?: unknown }).environment;
      // The observability check fails a job on purpose (e2e/compose/observability.compose.test.ts); the
      // workers get a longer render time-out on CI's two shared cores (the drills re-render after a SIGKILL).
      const faulty = { JOBS_ENABLE_FAULTY_PROVIDER: 'true' };
      const expected =
        name === 'jobs'
          ? faulty
          : jobsProcesses.includes(name)
            ? { ...faulty, JOB_TIMEOUT_BASE_MS: '90000' }
            : undefined;
      expect({ name, environment }).toEqual({ name, environment: expected });
    }
  });

  it('puts every container that runs on the host network (127.0.0.1 only, no bridge)', () => {
    for (const [name] of services) {
      const override = ci.services[name];
      const omitted = Boolean(override?.profiles?.length);
      if (!omitted) expect({ name, network: override?.network_mode }).toEqual({ name, network: 'host' });
    }
  });
});

describe('every Kadr process, with the values of .env.example (what CI runs compose with)', () => {
  /** `NAME=value  # comment` lines of .env.example: compose's interpolation variables. */
  const dotEnv = new Map(
    [...read('.env.example').matchAll(/^([A-Z0-9_]+)=(\S*)/gm)].map(([, name, value]) => [name!, value!]),
  );
  /** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}`, from .env.example. */
  const interpolate = (value: string) =>
    value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
      const set = dotEnv.get(name);
      if (set) return set;
      if (kind === '-') return rest ?? '';
      throw new Error(`\${${name}} is not set in .env.example`);
    });
  const schemas: Record<string, z.ZodType> = {
    admin: adminConfigSchema,
    'auth-gateway': gatewayConfigSchema,
    commerce: commerceConfigSchema,
    i18n: i18nConfigSchema,
    jobs: jobsConfigSchema,
    media: mediaConfigSchema,
    notifications: notificationsConfigSchema,
  };

  it.each(longRunningKadr.filter(([, s]) => !s.image?.startsWith('web:')))(
    "%s: its service's configuration accepts the environment compose gives it",
    (name, service) => {
      const image = service.image!.split(':')[0]!;
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]),
      );
      expect(schemas[image]).toBeDefined();
      expect(() => parseConfig(name, schemas[image]!, env)).not.toThrow();
    },
  );

  it('runs notifications with the mail catcher (no relay) and a gateway to ask about presence', () => {
    const env = main.services.notifications?.environment ?? {};
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/^\/tmp\//);
    expect(env.GATEWAY_URL).toBe(`http://127.0.0.1:${main.services['auth-gateway-1']?.environment?.PORT}`);
    expect(main.services['auth-gateway-1']?.environment?.NOTIFICATIONS_URL).toBe(`http://127.0.0.1:${env.PORT}`);
  });
});

describe("compose's Prometheus", () => {
  it("loads the chart's alert rules (mounted where its config names them)", () => {
    const config = parse(read('deploy/compose/prometheus/prometheus.yml')) as { rule_files?: string[] };
    expect(config.rule_files).toEqual(['/etc/prometheus/rules/kadr-rules.yaml']);
    const volumes = (main.services.prometheus as { volumes?: string[] }).volumes ?? [];
    expect(volumes).toContain('./charts/kadr/rules/kadr-rules.yaml:/etc/prometheus/rules/kadr-rules.yaml:ro');
  });
});
