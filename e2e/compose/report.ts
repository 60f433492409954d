/**
 * What the compose journeys print while they run: one line per step with how long it took and
 * the ids involved (`compose journey: signed in via Keycloak in 3.2 s`), so a CI log tells what
 * happened when and to which job, order and container, even when everything passed.
 */

/** Seconds since `startedAt` (a `Date.now()`), one decimal. */
export const secondsSince = (startedAt: number): string => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;

export interface Reporter {
  /** Prints `<prefix>: <line>`. */
  say(line: string): void;
  /** Runs `step`, then prints `<prefix>: <what> in <seconds>` (and what `detail` makes of the result). */
  time<T>(what: string, step: () => Promise<T>, detail?: (value: T) => string): Promise<T>;
}

export function reporter(prefix: string): Reporter {
  // Straight to stdout: console.log in jest adds a source location to every line.
  const say = (line: string) => void process.stdout.write(`${prefix}: ${line}\n`);
  return {
    say,
    async time(what, step, detail) {
      const startedAt = Date.now();
      const value = await step();
      const extra = detail ? ` (${detail(value)})` : '';
      say(`${what} in ${secondsSince(startedAt)}${extra}`);
      return value;
    },
  };
}
