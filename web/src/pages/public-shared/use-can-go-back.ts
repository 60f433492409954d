import { useLocation } from 'react-router';

/**
 * True when this visit has an earlier page in the app to go back to. The browser router numbers
 * its history entries (`history.state.idx`, 0 for the first page of the visit — also after a
 * redirect that replaced it); elsewhere (a memory router) the first location has the key "default".
 */
export function useCanGoBack(): boolean {
  const { key } = useLocation();
  const state = window.history.state as { idx?: unknown } | null;
  if (typeof state?.idx === 'number') return state.idx > 0;
  return key !== 'default';
}
