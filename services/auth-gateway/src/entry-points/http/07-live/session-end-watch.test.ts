import type { Session } from '../../../domain/sessions/session';
import { SessionEndWatches } from './session-end-watch';

/** A session store with one session that lives until `end()`; counts its reads. */
function storeOf(sessionId: string) {
  let live = true;
  const reads: string[] = [];
  const now = Date.now();
  return {
    reads,
    end: () => (live = false),
    sessions: {
      policy: { idleTtlMs: 60_000, absoluteTtlMs: 60_000 },
      get: (id: string) => {
        reads.push(id);
        return Promise.resolve(
          live && id === sessionId ? ({ id, lastSeenAt: now, absoluteExpiresAt: now + 60_000 } as Session) : null,
        );
      },
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('session end watches (one per session, shared by its streams)', () => {
  it('reads a session once for all of its streams, and reports it ended once', async () => {
    const store = storeOf('s1');
    const ended: string[] = [];
    const errors: unknown[] = [];
    const watches = new SessionEndWatches((id) => ended.push(id), {
      sessions: store.sessions,
      onError: (error) => errors.push(error),
    });
    const leaves = [watches.join('s1'), watches.join('s1'), watches.join('s1')];
    await settle();
    expect(store.reads).toEqual(['s1']);
    for (const leave of leaves) leave();
    // The last stream gone: the next stream of the session starts a new watch, which reads at once.
    store.end();
    const leave = watches.join('s1');
    await settle();
    expect(store.reads).toEqual(['s1', 's1']);
    expect(ended).toEqual(['s1']);
    expect(errors).toEqual([]);
    leave();
  });
});
