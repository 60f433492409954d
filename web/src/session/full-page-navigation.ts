/**
 * Leaves the single-page app for a server route (sign-in, the home page after sign-out): a real
 * page load, so nothing of the previous session stays in memory. One function, so tests can stand in for it.
 */
export function navigateFullPage(url: string): void {
  window.location.assign(url);
}
