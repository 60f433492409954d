import type { QueryClient } from '@tanstack/react-query';
import { getFlags } from '../api/endpoints';
import { startHealthMonitor } from '../api/network-status';
import { markJobListsStaleOnCompletion } from '../features/jobs/mark-lists-stale-on-completion';
import { getBrowserId } from '../flags/browser-id';
import { decideFlag, FLAGS_QUERY_KEY } from '../flags/flags';
import { startLiveStream } from '../live/live-stream';
import { startQueueForecasts } from '../live/queue-forecasts';
import { startSessionPolling, startSessionWatch, useSession, type SessionState } from '../session/session-store';
import { logClientError, startTelemetry } from '../telemetry/telemetry';

/** The feature flag (gateway FEATURE_FLAGS) that turns on the optional 60 s session poll (spec §4). */
export const SESSION_POLL_FLAG = 'session.poll';

export interface BackgroundOptions {
  /** The app's data cache: the flag list is read through it (one request shared with `useFlags`). */
  queryClient: QueryClient;
}

/**
 * Everything that runs beside the screens: the session watch (polling when the `session.poll`
 * flag is on for this browser), the live job stream while someone is signed in (restarted for
 * another user, stopped at sign-out), the cached job lists going stale when a job completes, the
 * health monitor and telemetry. Returns a stop function.
 */
export function startBackgroundServices(options: BackgroundOptions): () => void {
  const stopTelemetry = startTelemetry();
  // The event stream is a signed-in user's: neither probed nor opened for a visitor (issue 19).
  const stopHealth = startHealthMonitor({ probeStream: () => useSession.getState().status === 'authenticated' });
  const stopLive = followSessionWithLiveStream();
  const stopStaleLists = markJobListsStaleOnCompletion(options.queryClient);
  const stopWatch = startSessionWatch();
  let stopped = false;
  let stopPolling: (() => void) | undefined;
  pollingWanted(options.queryClient).then(
    (wanted) => {
      if (wanted && !stopped) stopPolling = startSessionPolling();
    },
    (error: unknown) => logClientError(error, { where: 'session-poll-flag' }),
  );
  return () => {
    stopped = true;
    stopPolling?.();
    stopWatch();
    stopStaleLists();
    stopLive();
    stopHealth();
    stopTelemetry();
  };
}

async function pollingWanted(queryClient: QueryClient): Promise<boolean> {
  const flags = await queryClient.fetchQuery({
    queryKey: FLAGS_QUERY_KEY,
    queryFn: ({ signal }) => getFlags({ signal }),
  });
  const flag = Array.isArray(flags) ? flags.find((candidate) => candidate.key === SESSION_POLL_FLAG) : undefined;
  return decideFlag(flag, getBrowserId()).enabled;
}

/**
 * The live stream belongs to one signed-in user: it runs exactly while that user is signed in, and so
 * does the refresh of the jobs' queue places and time estimates.
 */
export function followSessionWithLiveStream(): () => void {
  let stopStream: (() => void) | null = null;
  let streamUserId: string | null = null;

  const follow = (state: SessionState): void => {
    const userId = state.status === 'authenticated' ? (state.user?.id ?? null) : null;
    if (userId === streamUserId) return;
    stopStream?.();
    stopStream = null;
    streamUserId = userId;
    if (userId !== null) {
      const stopLive = startLiveStream();
      const stopForecasts = startQueueForecasts();
      stopStream = () => {
        stopForecasts();
        stopLive();
      };
    }
  };

  follow(useSession.getState());
  const unsubscribe = useSession.subscribe(follow);
  return () => {
    unsubscribe();
    stopStream?.();
    stopStream = null;
    streamUserId = null;
  };
}
