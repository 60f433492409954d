export {
  startJobs,
  startJobsWorker,
  type JobsStartOptions,
  type RunningJobsApi,
  type RunningJobsWorker,
} from './service';
export { openJobsAdapters, type JobsAdapters, type OpenedJobsAdapters } from './adapters';
export { jobsConfigSchema, type JobsConfig } from './config';
