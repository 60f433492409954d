import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export interface LeaveGuardState {
  /** An in-app navigation is waiting for the person's answer. */
  blocked: boolean;
  /** Go where they were going (unsaved changes are dropped). */
  leave: () => void;
  /** Stay on the page; the navigation is cancelled. */
  stay: () => void;
}

/**
 * While `dirty`, holds back in-app navigation to another page (react-router `useBlocker`; needs a
 * data router, i.e. `createBrowserRouter` + `RouterProvider`) so `LeaveDialog` can ask "Leave this
 * page?", and asks the browser's own question when the tab is closed or reloaded (`beforeunload`).
 * Changes of only the query or hash (filters, pagination on the same page) are not held back.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuardState {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved (or discarded) while the question was open: let the navigation through.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  const leave = useCallback(() => {
    if (blocker.state === 'blocked') blocker.proceed();
  }, [blocker]);
  const stay = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  return { blocked: blocker.state === 'blocked', leave, stay };
}
