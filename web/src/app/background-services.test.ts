import { startLiveStream } from '../live/live-stream';
import { INITIAL_SESSION_STATE, useSession, type SessionUser } from '../session/session-store';
import { followSessionWithLiveStream } from './background-services';

jest.mock('../api/endpoints', () => ({ getSession: jest.fn(), logout: jest.fn(), getUserSummary: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));
jest.mock('../live/live-stream', () => ({ startLiveStream: jest.fn() }));

const user = (id: string): SessionUser => ({ id, email: '', name: '', roles: ['user'], permissions: [] });

describe('followSessionWithLiveStream', () => {
  const stops: jest.Mock[] = [];
  beforeEach(() => {
    stops.length = 0;
    jest.mocked(startLiveStream).mockReset();
    jest.mocked(startLiveStream).mockImplementation(() => {
      const stop = jest.fn();
      stops.push(stop);
      return stop;
    });
    useSession.setState({ ...INITIAL_SESSION_STATE }, true);
  });

  it('runs the stream exactly while someone is signed in, restarting it for another user', () => {
    const stopFollowing = followSessionWithLiveStream();
    expect(startLiveStream).not.toHaveBeenCalled();

    useSession.setState({ status: 'authenticated', user: user('a') });
    expect(startLiveStream).toHaveBeenCalledTimes(1);
    useSession.setState({ lastCheckAt: 5, user: user('a') }); // a re-check: same user
    expect(startLiveStream).toHaveBeenCalledTimes(1);

    useSession.setState({ user: user('b') });
    expect(stops[0]).toHaveBeenCalledTimes(1);
    expect(startLiveStream).toHaveBeenCalledTimes(2);

    useSession.setState({ status: 'unauthenticated', user: undefined });
    expect(stops[1]).toHaveBeenCalledTimes(1);

    useSession.setState({ status: 'authenticated', user: user('a') });
    stopFollowing();
    expect(stops[2]).toHaveBeenCalledTimes(1);
    useSession.setState({ user: user('c') });
    expect(startLiveStream).toHaveBeenCalledTimes(3);
  });
});
