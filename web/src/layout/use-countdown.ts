import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `until` (epoch ms), rounded up; 0 when past or null. */
export function secondsUntil(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1_000));
}

/** `secondsUntil(until)`, re-rendering once a second until it reaches 0. */
export function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    const tick = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(tick);
    }, 1_000);
    return () => clearInterval(tick);
  }, [until]);

  return secondsUntil(until, now);
}
