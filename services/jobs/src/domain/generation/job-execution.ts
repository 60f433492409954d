import { traced, type Logger } from '@kadr/telemetry';
import type { Job } from '../jobs/job';
import { failedChange } from '../jobs/job-failure';
import type { AttemptOutcome, JobsWorkerMetrics } from '../jobs/job-metrics';
import { jobTimeoutMs } from './job-timeout';
import { startHeartbeat } from './lease-heartbeat';
import { OutputCheckError } from './output-check';
import { thumbnailKeyOf, uploadOutput, videoKeyOf } from './output-upload';
import { ownWrite, RenderWrites, type WorkerStore } from './owned-writes';
import { progressSteps } from './progress-steps';
import { renderJob, type RenderDeps } from './render-job';
import type { RenderWorkspace, RenderWorkspaces } from './render-workspace';
import { StopSignal, stopReasonOf } from './stop-signal';
import { GenerationError, generationErrorOf } from './video-provider';
import { completedChange, requeuedChange, workerActor } from './worker-changes';

export interface ExecutionDeps extends WorkerStore, RenderDeps {
  logger: Logger;
  workspaces: RenderWorkspaces;
  leaseMs: number;
  fps: number;
  timeoutFactor: number;
  timeoutBaseMs: number;
  metrics: JobsWorkerMetrics;
}

/**
 * Runs one claimed job to its end: within its time-out, with its lease renewed and its progress
 * recorded, rendered in a workspace of its own, uploaded, then COMPLETED — every write conditional
 * on this worker's lease and attempt. How a render that did not complete ends is `endStopped`.
 */
export function executeJob(
  deps: ExecutionDeps,
  job: Job,
  controller: AbortController,
  stopping: () => boolean,
): Promise<void> {
  // In the trace of the request that created the job; its events (progress, completed) join it.
  const attributes = { 'kadr.job.id': job.id, 'kadr.job.attempt': job.attempt, 'kadr.job.provider': job.provider };
  return traced('render', { traceparent: job.traceparent, attributes }, () => execute(deps, job, controller, stopping));
}

async function execute(
  deps: ExecutionDeps,
  job: Job,
  controller: AbortController,
  stopping: () => boolean,
): Promise<void> {
  const log = deps.logger.child({ jobId: job.id, attempt: job.attempt });
  const actor = workerActor(deps.workerId);
  const timeoutMs = jobTimeoutMs(job, deps.fps, deps.timeoutFactor, deps.timeoutBaseMs);
  const timeout = setTimeout(() => controller.abort(new StopSignal('timeout')), timeoutMs);
  const writes = new RenderWrites(deps, job, controller, log);
  const stopHeartbeat = startHeartbeat(writes, deps.leaseMs);
  const onProgress = progressSteps(writes, job, actor, deps.leaseMs, controller.signal);

  const workspace = await deps.workspaces.open(job.id);
  let outcome: AttemptOutcome;
  try {
    const rendered = await renderJob(deps, job, workspace, onProgress, controller.signal);
    const output = await uploadOutput(job, workspace, rendered, deps.retries, controller.signal);
    await writes.settled();
    if (controller.signal.aborted) throw controller.signal.reason;
    const completed = await ownWrite(deps, job, (now) => completedChange(job, output, now, actor));
    if (completed) {
      log.info({ sizeBytes: output.sizeBytes }, 'job completed');
      deps.metrics.finished(completed);
      outcome = 'completed';
    } else {
      log.warn('job was taken away before it completed (deleted, marked failed or requeued)');
      outcome = 'abandoned';
    }
  } catch (error) {
    await writes.settled();
    outcome = await endStopped(deps, job, error, { controller, timeoutMs, stopping: stopping(), log });
  } finally {
    clearTimeout(timeout);
    stopHeartbeat();
    await workspace.remove();
  }
  if (outcome === 'abandoned') await discardCancelledOutput(deps, job, workspace, log);
  deps.metrics.attemptEnded(job, outcome);
}

/**
 * A render its owner cancelled (or deleted) while it ran may have uploaded some or all of its files
 * before it noticed: those are deleted, so a cancelled job leaves nothing behind. Only then: a job
 * taken away by a requeue or a sweep is rendered again under the same keys by its next attempt.
 */
async function discardCancelledOutput(
  deps: ExecutionDeps,
  job: Job,
  workspace: RenderWorkspace,
  log: Logger,
): Promise<void> {
  try {
    const now = await deps.jobs.findById(job.id);
    if (now && !now.deletedAt && now.status !== 'CANCELLED') return;
    await Promise.all([workspace.discardUpload(videoKeyOf(job)), workspace.discardUpload(thumbnailKeyOf(job))]);
    log.info('render of a cancelled job stopped; its output is discarded');
  } catch (error) {
    log.warn({ err: error }, 'could not discard the output of a cancelled job');
  }
}

/**
 * A render that failed or was stopped: at shutdown the job is handed straight back (PENDING,
 * `job.created`, the attempt given back — a stopped worker is not the job's fault); a job taken
 * away is left as it is; anything else fails the job with the catalogue's reason. Resolves with
 * how the attempt ended.
 */
async function endStopped(
  deps: ExecutionDeps,
  job: Job,
  error: unknown,
  how: { controller: AbortController; timeoutMs: number; stopping: boolean; log: Logger },
): Promise<AttemptOutcome> {
  const { log } = how;
  const actor = workerActor(deps.workerId);
  const why = stopReasonOf(how.controller.signal);
  if (why === 'shutdown' || (how.stopping && why !== 'lost' && why !== 'timeout')) {
    await ownWrite(deps, job, (now) => requeuedChange(job, now, actor, job.attempt - 1)).then(
      (back) => log.info({ handedBack: back !== null }, 'render stopped by shutdown; the job is queued again'),
      (writeError: unknown) => log.warn({ err: writeError }, 'could not hand the job back; its lease will expire'),
    );
    return 'retried';
  }
  if (why === 'lost') {
    log.info('render stopped; the job was taken away');
    return 'abandoned';
  }
  const failure =
    why === 'timeout'
      ? new GenerationError('timeout', `The render did not finish within ${Math.round(how.timeoutMs / 1000)} s.`)
      : generationErrorOf(error);
  log.warn({ err: error, reason: failure.reason }, 'job failed');
  // The attempt failed, whether or not its write below lands (a failure not recorded is retried).
  deps.metrics.attemptFailed(failure instanceof OutputCheckError ? 'output_check' : failure.reason);
  const kind = failure instanceof OutputCheckError ? 'output_check' : undefined;
  await ownWrite(deps, job, (now) => failedChange(job, now, actor, failure.reason, failure.message, kind)).then(
    (failed) => {
      if (failed) deps.metrics.finished(failed);
    },
    (writeError: unknown) => log.error({ err: writeError }, 'could not record the failure; the lease will expire'),
  );
  return 'failed';
}
