/** The live job status of the signed-in user: the store, the stream and the screens' hooks. */
export {
  applyLiveEvent,
  liveRevision,
  onJobCompleted,
  resetJobs,
  seedJobs,
  trackLocalJob,
  useJobStore,
  type JobCompletedListener,
  type LiveJob,
  type LiveJobStatus,
} from './job-store';
export {
  resetQueueForecasts,
  setQueueForecast,
  setQueueForecasts,
  startQueueForecasts,
  useQueueForecast,
  useQueueForecastStore,
  type QueueForecastOptions,
} from './queue-forecasts';
export { startLiveStream, type LiveStreamOptions } from './live-stream';
export { onNotificationsEvent, type NotificationsEvent } from './notification-events';
export { useActiveJobs, useLiveConnected, useLiveJob, useLiveJobs, useRecentCompletedIds } from './use-live-jobs';
