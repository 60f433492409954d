import { ScrapeReadings } from '../src';

/** A reading the test settles by hand. */
function pendingReading<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('ScrapeReadings', () => {
  const ignore = (): void => undefined;

  it('answers a fresh reading on every call', async () => {
    let value = 0;
    const readings = new ScrapeReadings(() => Promise.resolve((value += 1)), { timeoutMs: 1_000, onError: ignore });
    expect(await readings.latest()).toBe(1);
    expect(await readings.latest()).toBe(2);
  });

  it('shares one reading between calls made while it runs', async () => {
    let reads = 0;
    const reading = pendingReading<string>();
    const readings = new ScrapeReadings(
      () => {
        reads += 1;
        return reading.promise;
      },
      { timeoutMs: 1_000, onError: ignore },
    );
    const both = Promise.all([readings.latest(), readings.latest()]);
    reading.resolve('shared');
    expect(await both).toEqual(['shared', 'shared']);
    expect(reads).toBe(1);
  });

  it('answers the last good reading when one is late, and the late one serves a later call', async () => {
    const late = pendingReading<string>();
    let reads = 0;
    const readings = new ScrapeReadings(() => ((reads += 1) === 1 ? Promise.resolve('first') : late.promise), {
      timeoutMs: 20,
      onError: ignore,
    });
    expect(await readings.latest()).toBe('first');

    const started = Date.now();
    expect(await readings.latest()).toBe('first'); // the second reading hangs
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await readings.latest()).toBe('first'); // still the same reading: no second one starts
    expect(reads).toBe(2);

    late.resolve('late');
    await late.promise;
    expect(await readings.latest()).toBe('late');
  });

  it('answers undefined before any reading succeeded, and reports a failure without throwing it', async () => {
    const errors: unknown[] = [];
    const readings = new ScrapeReadings(() => Promise.reject(new Error('broker away')), {
      timeoutMs: 1_000,
      onError: (error) => errors.push(error),
    });
    await expect(readings.latest()).resolves.toBeUndefined();
    expect(errors).toEqual([new Error('broker away')]);
  });

  it('keeps the last good reading after a failure', async () => {
    let fail = false;
    const readings = new ScrapeReadings(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(7)), {
      timeoutMs: 1_000,
      onError: ignore,
    });
    expect(await readings.latest()).toBe(7);
    fail = true;
    expect(await readings.latest()).toBe(7);
  });
});
