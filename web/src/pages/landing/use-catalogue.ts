import type { CreditPackage, Plan } from '@kadr/contracts';
import { useCallback, useEffect, useState } from 'react';
import { getPackages, getPlans } from '../../api/endpoints';

export type CatalogueState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; packages: CreditPackage[]; plans: Plan[] };

/**
 * The public price list (credit packages and plans, no session needed). A plain effect rather than
 * a query: the landing page sits outside the session wrapper and must not depend on its providers.
 * Both calls or nothing: half a price list would mislead more than an error with Retry.
 */
export function useCatalogue(): { state: CatalogueState; retry: () => void } {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([getPackages({ signal: controller.signal }), getPlans({ signal: controller.signal })]).then(
      ([packages, plans]) => {
        if (!controller.signal.aborted) setState({ status: 'ready', packages: packages.data, plans: plans.data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
