/**
 * ARCHITECTURE's naming rule: folder = image = chart component = OTEL_SERVICE_NAME = Kafka consumer
 * group, with one exception — `jobs-worker`, a component (and consumer group) run from the `jobs`
 * image. Read from the sources themselves: the service folders, the image list of the container
 * stage, the chart's component map, and the groups the consumers subscribe with. The chart sets
 * OTEL_SERVICE_NAME to the component's key (charts/kadr/templates/_helpers.tpl); tools/k8s/ci.sh checks
 * that in every rendered Deployment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICE as ADMIN_GROUP } from '../../services/admin/src/entry-points/messaging/purge-events.publisher';
import { PRODUCER as GATEWAY_GROUP } from '../../services/auth-gateway/src/domain/identity/user-registered-event';
import { LIVE_CONSUMER_GROUP } from '../../services/auth-gateway/src/entry-points/messaging/live-events.consumer';
import { CONSUMER_GROUP as COMMERCE_GROUP } from '../../services/commerce/src/entry-points/messaging/commerce-consumer';
import { SERVICE as I18N_GROUP } from '../../services/i18n/src/entry-points/messaging/user-events.consumer';
import { PRODUCER as JOBS_GROUP } from '../../services/jobs/src/domain/jobs/job-events';
import { WORKER_GROUP } from '../../services/jobs/src/entry-points/messaging/job-created.consumer';
import { SERVICE as MEDIA_GROUP } from '../../services/media/src/entry-points/messaging/media-consumer';
import { SERVICE as NOTIFICATIONS_GROUP } from '../../services/notifications/src/entry-points/messaging/notifications.consumer';

const root = path.resolve(__dirname, '../..');

/** The one exception: component → the image it runs from. */
const RUN_FROM_ANOTHER_IMAGE: Record<string, string> = { 'jobs-worker': 'jobs' };

/**
 * Every consumer group the services subscribe with, by the component that runs the consumer. The
 * gateway's live fan-out is a second group of the same deployable, named `<component>-live` (each
 * event once per gateway group, then Redis pub/sub to every replica).
 */
const CONSUMER_GROUPS: Record<string, string[]> = {
  admin: [ADMIN_GROUP],
  'auth-gateway': [GATEWAY_GROUP, LIVE_CONSUMER_GROUP],
  commerce: [COMMERCE_GROUP],
  i18n: [I18N_GROUP],
  jobs: [JOBS_GROUP],
  'jobs-worker': [WORKER_GROUP],
  media: [MEDIA_GROUP],
  notifications: [NOTIFICATIONS_GROUP],
};

function serviceFolders(): string[] {
  return fs
    .readdirSync(path.join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, 'services', entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
}

/** KADR_IMAGES of tools/containers/deployables.sh: the images the container stage builds. */
function images(): string[] {
  const text = fs.readFileSync(path.join(root, 'tools/containers/deployables.sh'), 'utf8');
  const list = /^KADR_IMAGES=\(([^)]*)\)$/m.exec(text)?.[1];
  if (list === undefined) throw new Error('tools/containers/deployables.sh: no KADR_IMAGES=(…) line');
  return list.trim().split(/\s+/).sort();
}

interface ChartComponent {
  image: { repository: string };
}

function chartComponents(): Record<string, ChartComponent> {
  const values = parse(fs.readFileSync(path.join(root, 'charts/kadr/values.yaml'), 'utf8')) as {
    components: Record<string, ChartComponent>;
  };
  return values.components;
}

/** How many consumers a service's source subscribes (`group:` in a subscription), tests excluded. */
function subscriptionsIn(service: string): number {
  const found: number[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        found.push((fs.readFileSync(file, 'utf8').match(/^\s+group: [A-Za-z_][\w.]*,$/gm) ?? []).length);
      }
    }
  };
  walk(path.join(root, 'services', service, 'src'));
  return found.reduce((sum, n) => sum + n, 0);
}

describe('naming rule: folder = image = chart component = OTEL_SERVICE_NAME = consumer group', () => {
  it('every service folder and the web app is an image, and nothing else is', () => {
    expect(images()).toEqual([...serviceFolders(), 'web'].sort());
  });

  it('the chart has one component per image plus jobs-worker, each run from the image of its name', () => {
    const components = chartComponents();
    expect(Object.keys(components).sort()).toEqual([...images(), ...Object.keys(RUN_FROM_ANOTHER_IMAGE)].sort());
    for (const [name, component] of Object.entries(components)) {
      expect([name, path.posix.basename(component.image.repository)]).toEqual([
        name,
        RUN_FROM_ANOTHER_IMAGE[name] ?? name,
      ]);
    }
  });

  it('every consumer group is its component’s name (the gateway’s live fan-out: <component>-live)', () => {
    for (const [component, groups] of Object.entries(CONSUMER_GROUPS)) {
      for (const group of groups) {
        expect([component, group]).toEqual([
          component,
          group === LIVE_CONSUMER_GROUP ? `${component}-live` : component,
        ]);
      }
    }
  });

  it('the list above holds every consumer the services subscribe', () => {
    for (const service of serviceFolders()) {
      const listed =
        (CONSUMER_GROUPS[service] ?? []).length +
        (service === 'jobs' ? (CONSUMER_GROUPS['jobs-worker'] ?? []).length : 0);
      expect([service, subscriptionsIn(service)]).toEqual([service, listed]);
    }
  });
});
