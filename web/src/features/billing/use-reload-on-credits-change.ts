import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTopBar } from '../../session/top-bar-store';

/**
 * Reads `queryKey` again whenever the credits the top bar shows change (the stream's `credits`
 * event, a summary refresh): a new balance or new held credits mean the ledger has a new line, so
 * the history and the credits badge never disagree for long. The first value seen is not a change.
 */
export function useReloadOnCreditsChange(queryKey: QueryKey, enabled = true): void {
  const queryClient = useQueryClient();
  const balance = useTopBar((state) => state.credits?.balance ?? null);
  const held = useTopBar((state) => state.credits?.heldCredits ?? null);
  const seen = useRef({ balance, held });
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;

  useEffect(() => {
    const before = seen.current;
    if (before.balance === balance && before.held === held) return;
    seen.current = { balance, held };
    // An unknown balance (signed out, a failed summary) says nothing about the ledger.
    if (!enabled || balance === null) return;
    void queryClient.invalidateQueries({ queryKey: keyRef.current });
  }, [balance, held, enabled, queryClient]);
}
