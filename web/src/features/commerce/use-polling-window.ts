import { useCallback, useEffect, useState } from 'react';

/**
 * A bounded wait: `expired` turns true `timeoutMs` after `active` became true (or after the last
 * `restart()`), so a poll can stop asking instead of running for as long as the page is open.
 */
export function usePollingWindow(active: boolean, timeoutMs: number): { expired: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [active, round, timeoutMs]);
  const restart = useCallback(() => setRound((n) => n + 1), []);
  return { expired, restart };
}
