import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the address's `#hash` once it is on the page: the router
 * changes pages without a load, so the browser's own jump to an anchor does not happen.
 * `ready` lets a page wait until late content (the price list) has rendered.
 */
export function useScrollToHash(ready = true): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [hash, ready]);
}
