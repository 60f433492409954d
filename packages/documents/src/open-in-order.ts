/** Anything with a `close()` (sync or async): a store, a bus, a connection, a listening server. */
export interface Closable {
  close(): unknown;
}

/** Anything with a `stop()`: a consumer, a relay, a background loop. */
export interface Stoppable {
  stop(): unknown;
}

/**
 * Registers something just opened (or about to be started) and hands it back. Without `close` it
 * is closed with its own `close()`, or `stop()` when it has no `close()`; pass `close` for
 * anything else.
 */
export interface Own {
  <R extends Closable | Stoppable>(resource: R): R;
  <R>(resource: R, close: (resource: R) => unknown): R;
}

function closeOrStop(resource: Closable | Stoppable): unknown {
  return 'close' in resource && typeof resource.close === 'function'
    ? resource.close()
    : (resource as Stoppable).stop();
}

/** What `openInOrder` adds to the opener's result. */
export interface Closing {
  /**
   * Closes everything owned, in reverse order of opening, one at a time. Carries on past a failure
   * and rethrows the first one at the end. A second call does nothing.
   */
  close(this: void): Promise<void>;
}

/**
 * Runs `open`, which opens things one after another and registers each with `own`. If `open`
 * throws, what it had opened is closed again (last first, failures ignored) and the error is
 * rethrown, so a failed start-up leaves nothing open. Otherwise its result comes back with a
 * `close()` that closes everything owned in reverse order: what was opened last (a server) closes
 * first, what everything else relied on (the bus, a connection) closes last.
 *
 * ```ts
 * const adapters = await openInOrder(async (own) => {
 *   const bus = provided.bus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'media', logger));
 *   const { stores, readinessChecks } = own(await openStores({ ... }));
 *   return { bus, ...stores, readinessChecks };
 * });
 * await adapters.close(); // the stores, then the bus
 * ```
 */
export async function openInOrder<T extends object>(open: (own: Own) => Promise<T> | T): Promise<T & Closing> {
  const closers: Array<() => unknown> = [];
  const own = (<R>(resource: R, close?: (resource: R) => unknown): R => {
    closers.push(close ? () => close(resource) : () => closeOrStop(resource as Closable | Stoppable));
    return resource;
  }) as Own;
  const closeAll = async (onError: (error: unknown) => void) => {
    for (let closer = closers.pop(); closer; closer = closers.pop()) {
      try {
        await closer();
      } catch (error) {
        onError(error);
      }
    }
  };

  let opened: T;
  try {
    opened = await open(own);
  } catch (error) {
    await closeAll(() => undefined);
    throw error;
  }
  return {
    ...opened,
    async close() {
      const failures: unknown[] = [];
      await closeAll((error) => failures.push(error));
      if (failures.length > 0) throw failures[0];
    },
  };
}
