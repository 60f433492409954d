import { Router } from 'express';
import {
  createHttpApp,
  requireInternalCaller,
  type HttpApp,
  type InternalTokenKeys,
  type ReadinessCheck,
} from '@kadr/http-kit';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { ProviderSettingsRepository } from '../../data-access/settings/provider-settings.repository';
import type { ProviderRegistry } from '../../domain/generation/provider-registry';
import type { JobCreation } from '../../domain/jobs/create-job';
import type { JobGallery } from '../../domain/gallery/job-gallery';
import type { JobAdministration } from '../../domain/jobs/job-admin';
import { adminRoutes } from './admin.routes';
import { catalogueRoutes } from './catalogue.routes';
import { jobsProblemOf } from './domain-problems';
import { galleryRoutes } from './gallery.routes';
import { jobsRoutes } from './jobs.routes';
import type { JobCancellation } from '../../domain/jobs/job-cancellation';
import type { QueueForecasts } from '../../domain/queue/queue-forecasts';
import { settingsRoutes } from './settings.routes';
import type { JobUpscale } from '../../domain/upscale/job-upscale';
import { upscaleRoutes } from './upscale.routes';

export interface JobsAppDeps {
  internalTokenKeys: InternalTokenKeys;
  logger: Logger;
  metrics: ServiceMetrics;
  readinessChecks?: ReadinessCheck[];
  jobs: JobRepository;
  settings: ProviderSettingsRepository;
  providers: ProviderRegistry;
  creation: JobCreation;
  cancellation: JobCancellation;
  forecasts: QueueForecasts;
  admin: JobAdministration;
  gallery: JobGallery;
  upscale: JobUpscale;
}

/** The jobs API (no listen): every route needs the internal identity token (audience `jobs`). */
export function createJobsApp(deps: JobsAppDeps): HttpApp {
  const authenticated = Router();
  authenticated.use(requireInternalCaller({ keys: deps.internalTokenKeys, audience: 'jobs' }));
  authenticated.use(catalogueRoutes(deps.providers));
  authenticated.use(settingsRoutes(deps.settings, deps.providers));
  // Before jobsRoutes: `/jobs/gallery` is not a job id.
  authenticated.use(galleryRoutes(deps.gallery));
  authenticated.use(
    jobsRoutes({
      jobs: deps.jobs,
      creation: deps.creation,
      cancellation: deps.cancellation,
      forecasts: deps.forecasts,
    }),
  );
  authenticated.use(upscaleRoutes(deps.upscale));
  authenticated.use(adminRoutes(deps.admin));
  return createHttpApp({
    service: 'jobs',
    logger: deps.logger,
    metrics: deps.metrics,
    routes: authenticated,
    readinessChecks: deps.readinessChecks,
    mapError: jobsProblemOf,
  });
}
