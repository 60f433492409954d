import fc from 'fast-check';

export interface PropertySize {
  seed: number;
  runs: number;
}

/** The seed from `seedVariable` when set (to replay a failure), else a fresh one; the runs from `runsVariable`. */
export function propertySize(seedVariable: string, runsVariable: string, defaultRuns: number): PropertySize {
  const seedText = process.env[seedVariable];
  const seed = seedText ? Number(seedText) : Math.floor(Math.random() * 2 ** 31);
  const runs = Number(process.env[runsVariable] ?? defaultRuns);
  if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) {
    throw new Error(`${seedVariable} and ${runsVariable} must be integers (runs ≥ 1)`);
  }
  return { seed, runs };
}

/**
 * Runs an async property with the given seed and size and prints one line either way, e.g.
 * `admin read model replay [memory]: 200 cases, seed 12345, 0 failures`; on a failure the line
 * names the seed to replay with and fast-check's error (thrown on) carries the shrunk counterexample.
 */
export async function checkSeeded<T>(
  title: string,
  size: PropertySize,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed: size.seed,
    numRuns: size.runs,
    includeErrorInReport: true,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const failures = details.failed ? 1 : 0;
  // One line on every run, so CI logs show the size and the seed it ran with.
  process.stdout.write(`${title}: ${details.numRuns} cases, seed ${size.seed}, ${failures} failures (${seconds} s)\n`);
  if (details.failed) {
    const report = fc.defaultReportMessage(details) ?? 'no report';
    throw new Error(`${title}: failed with seed ${size.seed}\n${report}`);
  }
}
