/**
 * Issue 19: a visitor's page (the landing page above all) opens no event stream. The app's real background
 * services run against a fake network; the stand-ins are the browser's EventSource (jsdom has none) and
 * telemetry (not under test; jsdom lacks the performance entries it reads).
 */
import { QueryClient } from '@tanstack/react-query';
import { setUpFakeApi } from '../api/testing/fake-api';
import { answer } from '../api/testing/fake-server';
import { HEALTH_CHECK_INTERVAL_MS } from '../config/constants';
import { LIVE_STREAM_PATH } from '../live/live-constants';
import { FakeEventSource } from '../live/test-support/fake-event-source';
import { checkSession, INITIAL_SESSION_STATE, useSession } from '../session/session-store';
import { startBackgroundServices } from './background-services';

jest.mock('../telemetry/telemetry', () => ({
  startTelemetry: () => () => undefined,
  flushTelemetry: () => Promise.resolve(),
  logClientError: jest.fn(),
  setTelemetryUser: jest.fn(),
}));

const server = setUpFakeApi();
const person = { id: 'user-1', email: 'ola@example.com', name: 'Ola', roles: ['user'], permissions: [] };

/** Whether a visitor is signed in, as `GET /auth/session` answers it. */
let signedIn = false;
const streamRequests = () => server.requests.filter((request) => request.path.startsWith('/bff/sse/'));

let stop: (() => void) | undefined;

/** The whole app's background services run a minute of fake time per step: slow on a busy machine, not stuck. */
const BUSY_MACHINE_MS = 20_000;

beforeAll(() => Object.defineProperty(globalThis, 'EventSource', { value: FakeEventSource, configurable: true }));
afterAll(() => Reflect.deleteProperty(globalThis, 'EventSource'));

beforeEach(() => {
  signedIn = false;
  FakeEventSource.reset();
  useSession.setState({ ...INITIAL_SESSION_STATE }, true);
  server.handle((request) => {
    if (request.path === '/auth/session') {
      return signedIn ? answer.json(200, { authenticated: true, user: person }) : answer.json(401, {});
    }
    if (request.path === '/bff/sse/jobs') return answer.text(200, ': connected');
    if (request.path.includes('/jobs/')) return answer.json(200, { items: [] });
    return answer.json(200, {});
  });
});

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the event stream and the session', () => {
  it(
    'a signed-out page opens no stream and probes none, through start-up and a later health check',
    async () => {
      stop = startBackgroundServices({ queryClient: new QueryClient() });
      await jest.advanceTimersByTimeAsync(0);
      expect(useSession.getState().status).toBe('unauthenticated');
      await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);

      expect(FakeEventSource.instances).toHaveLength(0);
      expect(streamRequests()).toEqual([]);
      expect(server.requests.some((request) => request.path === '/health')).toBe(true); // the monitor did run
    },
    BUSY_MACHINE_MS,
  );

  it(
    'opens one stream once someone signs in, and closes it when the session ends',
    async () => {
      stop = startBackgroundServices({ queryClient: new QueryClient() });
      await jest.advanceTimersByTimeAsync(0);
      expect(FakeEventSource.instances).toHaveLength(0);

      signedIn = true;
      await checkSession();
      await jest.advanceTimersByTimeAsync(0);
      expect(FakeEventSource.instances.map((source) => source.url)).toEqual([LIVE_STREAM_PATH]);
      expect(FakeEventSource.open).toHaveLength(1);
      // Signed in, the health monitor's probe of the stream is back (the silent fake stream has been
      // replaced by the watchdog meanwhile: still one open at a time).
      await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);
      expect(streamRequests().map((request) => request.path)).toEqual(['/bff/sse/jobs']);
      expect(FakeEventSource.open).toHaveLength(1);

      signedIn = false;
      await checkSession();
      expect(FakeEventSource.open).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);
      expect(FakeEventSource.open).toHaveLength(0);
    },
    BUSY_MACHINE_MS,
  );
});
