/**
 * Numbers of the live channel that are ours, not the spec's (the spec's live numbers —
 * reconnect delay, seed take, recent cap — are in `config/constants.ts`).
 */

/** The gateway's event stream (services/auth-gateway README "Live updates"). */
export const LIVE_STREAM_PATH = '/bff/sse/jobs';

/**
 * How long a job this page created stays in the active list although a re-seed did not return
 * it: the list may have been read just before the new job was stored. Long enough for a slow
 * round trip, short enough that a job the server really dropped soon leaves the list.
 */
export const LOCAL_JOB_GRACE_MS = 10_000;

/**
 * How long the open stream may stay silent before it counts as dead (treated like an error:
 * close, refresh, reconnect 2 s later). The gateway sends a `heartbeat` every 15 s
 * (services/auth-gateway live-updates.ts, `heartbeatMs: 15_000`); 45 s is three missed
 * heartbeats, so one slow or lost frame never tears a healthy connection down.
 */
export const EVENT_SILENCE_LIMIT_MS = 45_000;

/**
 * How long a hidden page keeps its stream after the last of the user's videos ended (issue 20). The
 * video's notification is made by the notifications service from the same job event, normally within
 * a second; a minute also covers a consumer that lags, and the stream closes soon after, as spec §4
 * wants of a hidden page.
 */
export const HIDDEN_STREAM_LINGER_MS = 60_000;
