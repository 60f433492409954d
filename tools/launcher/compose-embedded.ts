/**
 * The embedded composition: every service in one Node process on embedded adapters (one
 * in-process event bus, memory key-value store, document stores persisted under DATA_DIR) — or,
 * when KAFKA_BROKERS, MONGODB_URI, REDIS_URL and S3_ENDPOINT name real servers, on those
 * (what the distributed-mode journey test uses),
 * the internal services on loopback ports of their own, the gateway on PORT and — when no
 * OIDC issuer is configured — the development identity provider on PORT+1, and one `/metrics`
 * listener for the whole process on METRICS_PORT (9464; see startEmbeddedMetrics).
 * `embedded.ts` runs it for `npm start`; tests start it on free ports.
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { parseConfig } from '@kadr/config';
import { startMetricsServer, type ShutdownStep } from '@kadr/http-kit';
import { createMetrics, type Logger, type ServiceMetrics } from '@kadr/telemetry';
import { gatewayConfigSchema, startAuthGateway, type GatewayConfig } from '@kadr/auth-gateway';
import { startDevIdentityProvider } from '@kadr/auth-gateway/dev-identity-provider';
import { commerceConfigSchema, startCommerce } from '@kadr/commerce';
import { adminConfigSchema, startAdmin } from '@kadr/admin';
import { createBlobStore, localBlobRoot } from '@kadr/blob-store';
import { MemoryEventBus } from '@kadr/event-bus';
import { jobsConfigSchema, startJobs, startJobsWorker } from '@kadr/jobs';
import { mediaConfigSchema, startMedia } from '@kadr/media';
import { i18nConfigSchema, startI18n } from '@kadr/i18n';
import { notificationsConfigSchema, startNotifications } from '@kadr/notifications';
import { persistedDevSecret } from './dev-secret';

/** The demo accounts of the development sign-in page (the administrator, ADMIN_EMAIL, is added to them). */
export const DEMO_ACCOUNTS = [{ email: 'demo@kadr.local', name: 'Demo User' }];

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../../.data');

/**
 * The feature flags of the embedded (development) mode when FEATURE_FLAGS is not given:
 * `gallery.debugIds` shows the gallery's collapsible debug list of ids (spec §2, Gallery).
 * Production (distributed mode, or NODE_ENV=production) keeps the gateway's default, no flags.
 */
export const EMBEDDED_FEATURE_FLAGS = [{ key: 'gallery.debugIds', enabled: true }];

/** The `service` label of what the process itself reports: its runtime metrics and the shared blob store's calls. */
export const EMBEDDED_SERVICE = 'kadr-embedded';

/** A host a browser can be sent to: a wildcard listen address is reached as loopback. */
const reachableHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

export interface RunningEmbedded {
  /** Where browsers reach the product (the gateway). */
  publicUrl: string;
  components: { name: string; url: string }[];
  /** Every service's metrics, from one listener (never on the public port). */
  metricsUrl: string;
  /** Stops everything: the gateway first (in-flight requests finish), the services, then the bus. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The development identity provider's signing key, already being generated (early-signing-key.ts). */
  devSigningKey?: Promise<KeyObject>;
}

export async function startEmbedded(
  processEnv: NodeJS.ProcessEnv,
  logger: Logger,
  options: EmbeddedOptions = {},
): Promise<RunningEmbedded> {
  const env = {
    ...processEnv,
    // Development-only secrets when none are given: one process, so every service shares them.
    INTERNAL_TOKEN_SECRET: processEnv.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    BLOB_SIGNING_SECRET: processEnv.BLOB_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    // Document stores persist here so users, credits and videos survive a restart.
    DATA_DIR: processEnv.DATA_DIR ?? DEFAULT_DATA_DIR,
    FEATURE_FLAGS:
      processEnv.FEATURE_FLAGS ??
      (processEnv.NODE_ENV === 'production' ? undefined : JSON.stringify(EMBEDDED_FEATURE_FLAGS)),
  };
  let config: GatewayConfig = parseConfig('auth-gateway', gatewayConfigSchema, env);
  if (!processEnv.PUBLIC_URL) {
    // Follow PORT/HOST when the public URL was not given, so redirects come back to this process.
    config = { ...config, PUBLIC_URL: `http://${reachableHost(config.HOST)}:${config.PORT}` };
  }

  const components: RunningEmbedded['components'] = [];
  // One process, so its runtime metrics (event loop, heap, GC) are collected once, here, with the
  // process's name as their service; each service starts with `defaultMetrics: false` and keeps only its own.
  // This registry also times the blob store the launcher shares between jobs and media.
  const launcher = createMetrics({ service: EMBEDDED_SERVICE });
  const registries: ServiceMetrics['registry'][] = [launcher.registry];
  let metricsUrl = '';
  const steps: ShutdownStep[] = [];
  const started = (name: string, url: string, stop: () => Promise<void>) => {
    components.push({ name, url });
    steps.unshift({ name, run: stop });
    logger.info({ component: name, url }, `${name.padEnd(22)} ${url}`);
  };
  // The worker stops claiming before anything else stops (issue 13): while the gateway drains,
  // no new render starts; the worker's own stop step then hands its running jobs back.
  let stopClaiming: (() => void) | undefined;
  const stop = async () => {
    stopClaiming?.();
    for (const step of steps) {
      await step.run().catch((err: unknown) => logger.error({ err, step: step.name }, 'stop failed'));
    }
  };

  try {
    // The in-process event bus every service shares (consumer-group semantics as on Kafka) —
    // unless KAFKA_BROKERS names a real one: then every service opens its own Kafka client (and
    // its metrics go to that service's registry). The shared bus belongs to no service: its
    // metrics have a registry of their own (service="kadr"), its consumers named by their group.
    const busMetrics = createMetrics({ service: 'kadr', defaultMetrics: false });
    const bus = processEnv.KAFKA_BROKERS
      ? undefined
      : new MemoryEventBus({ log: logger, registry: busMetrics.registry });
    if (bus) {
      steps.unshift({ name: 'event-bus', run: () => bus.close() });
      registries.push(busMetrics.registry);
    }

    if (!config.OIDC_ISSUER_URL) {
      // No issuer configured: the development identity provider (it refuses NODE_ENV=production).
      const provider = await startDevIdentityProvider({
        port: config.PORT === 0 ? 0 : config.PORT + 1,
        host: reachableHost(config.HOST),
        clients: [
          {
            client_id: config.OIDC_CLIENT_ID,
            client_secret: config.OIDC_CLIENT_SECRET,
            redirect_uris: [new URL('/auth/callback', config.PUBLIC_URL).href],
          },
        ],
        accounts: DEMO_ACCOUNTS,
        adminEmail: config.ADMIN_EMAIL,
        signingKey: options.devSigningKey,
      });
      started('dev-identity-provider', provider.issuer, () => provider.stop());
      config = { ...config, OIDC_ISSUER_URL: provider.issuer };
    }

    const internal = { ...env, HOST: '127.0.0.1', PORT: '0' };
    const i18n = await startI18n(parseConfig('i18n', i18nConfigSchema, internal), {
      adapters: { eventBus: bus },
      defaultMetrics: false,
    });
    started('i18n', i18n.url, () => i18n.stop());
    registries.push(i18n.metrics.registry);

    const commerce = await startCommerce(
      parseConfig('commerce', commerceConfigSchema, { ...internal, PUBLIC_URL: config.PUBLIC_URL }),
      { adapters: { eventBus: bus }, defaultMetrics: false },
    );
    started('commerce', commerce.url, () => commerce.stop());
    registries.push(commerce.metrics.registry);

    // Videos and thumbnails on the local disk: the worker writes them, media reads and signs them.
    // With S3_ENDPOINT both open the S3 bucket instead.
    const blobStore = processEnv.S3_ENDPOINT
      ? undefined
      : createBlobStore(
          {
            kind: 'fs',
            root: localBlobRoot(env.DATA_DIR),
            publicBaseUrl: config.PUBLIC_URL,
            signingSecret: env.BLOB_SIGNING_SECRET,
          },
          launcher.registry,
        );
    const jobsConfig = parseConfig('jobs', jobsConfigSchema, {
      ...internal,
      PUBLIC_URL: config.PUBLIC_URL,
      COMMERCE_URL: commerce.url,
    });
    const jobs = await startJobs(jobsConfig, { adapters: { eventBus: bus, blobStore }, defaultMetrics: false });
    started('jobs', jobs.url, () => jobs.stop());
    registries.push(jobs.metrics.registry);
    // The worker shares the API's adapters: one job store and one outbox relay per process.
    const worker = await startJobsWorker(jobsConfig, { adapters: jobs.adapters, defaultMetrics: false });
    registries.push(worker.metrics.registry);
    started('jobs-worker', `worker ${worker.workerId}`, () => worker.stop());
    stopClaiming = () => worker.stopClaiming();

    const media = await startMedia(
      parseConfig('media', mediaConfigSchema, {
        ...internal,
        PUBLIC_URL: config.PUBLIC_URL,
        MEDIA_SIGNING_SECRET: env.BLOB_SIGNING_SECRET,
      }),
      { adapters: { eventBus: bus, blobStore }, defaultMetrics: false },
    );
    started('media', media.url, () => media.stop());
    registries.push(media.metrics.registry);

    const admin = await startAdmin(
      parseConfig('admin', adminConfigSchema, {
        ...internal,
        JOBS_URL: jobs.url,
        COMMERCE_URL: commerce.url,
        MEDIA_URL: media.url,
      }),
      { adapters: { eventBus: bus }, defaultMetrics: false },
    );
    started('admin', admin.url, () => admin.stop());
    registries.push(admin.metrics.registry);

    // No SMTP_URL: the in-process mail catcher receives every e-mail (DATA_DIR/notifications/mail).
    // The gateway starts after it, so its presence route is named by the port it will listen on.
    const notifications = await startNotifications(
      parseConfig('notifications', notificationsConfigSchema, {
        ...internal,
        PUBLIC_URL: config.PUBLIC_URL,
        GATEWAY_URL: `http://${reachableHost(config.HOST)}:${config.PORT}`,
        I18N_URL: i18n.url,
        UNSUBSCRIBE_TOKEN_SECRET:
          processEnv.UNSUBSCRIBE_TOKEN_SECRET ?? (await persistedDevSecret(env.DATA_DIR, 'unsubscribe-token')),
      }),
      { adapters: { eventBus: bus }, defaultMetrics: false },
    );
    started('notifications', notifications.url, () => notifications.stop());
    registries.push(notifications.metrics.registry);
    if (notifications.adapters.mailCatcher) {
      components.push({ name: 'mail-catcher', url: `${notifications.url}/dev/mail` });
      logger.info(
        { component: 'mail-catcher', url: `${notifications.url}/dev/mail` },
        'mail-catcher'.padEnd(22) + ` ${notifications.url}/dev/mail`,
      );
    }

    config = {
      ...config,
      I18N_URL: i18n.url,
      COMMERCE_URL: commerce.url,
      JOBS_URL: jobs.url,
      MEDIA_URL: media.url,
      ADMIN_URL: admin.url,
      NOTIFICATIONS_URL: notifications.url,
    };
    const gateway = await startAuthGateway(config, { adapters: { eventBus: bus }, defaultMetrics: false });
    started('auth-gateway', gateway.url, () => gateway.stop());
    registries.push(gateway.metrics.registry);

    // One process, one scrape target: every service's registry on one listener, apart from PORT.
    const metrics = await startEmbeddedMetrics(config, processEnv.METRICS_PORT !== undefined, registries, logger);
    metricsUrl = `${metrics.url.replace('0.0.0.0', '127.0.0.1')}/metrics`;
    started('metrics', metricsUrl, () => metrics.close(0));
  } catch (error) {
    await stop();
    throw error;
  }
  return { publicUrl: config.PUBLIC_URL, components, metricsUrl, stop };
}

/**
 * The process's metrics listener on METRICS_PORT (9464). A METRICS_PORT that was set is kept to
 * (a busy port fails the start, as in the distributed mode); the default one is only a
 * convenience in this development mode, so when it is taken (a second local stack, parallel
 * test stacks) the listener moves to a free port and says where.
 */
async function startEmbeddedMetrics(
  config: GatewayConfig,
  portWasSet: boolean,
  registries: ServiceMetrics['registry'][],
  logger: Logger,
): ReturnType<typeof startMetricsServer> {
  try {
    return await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, registries });
  } catch (error) {
    if (portWasSet || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const metrics = await startMetricsServer({ port: 0, host: config.HOST, registries });
    logger.warn({ busyPort: config.METRICS_PORT, port: metrics.port }, 'metrics port busy; metrics on a free port');
    return metrics;
  }
}
