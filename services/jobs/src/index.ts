export { composeJobs, startJobs, type ComposedJobs, type JobsStartOptions, type RunningJobsApi } from './service';
export { startJobsWorker, type RunningJobsWorker } from './worker-service';
export { openJobsAdapters, type JobsAdapters, type OpenedJobsAdapters } from './adapters';
export { jobsConfigSchema, type JobsConfig } from './config';
