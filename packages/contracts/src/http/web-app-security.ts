/**
 * The web app's Content-Security-Policy, written once. The gateway sends it (helmet, embedded mode)
 * and `web/nginx/security-headers.conf` is generated from what the gateway sends (cluster mode:
 * `tools/web/generate-nginx-headers.ts`), so the two servers cannot drift apart.
 *
 * Everything from our own origin (scripts, the API, the event stream, same-origin /video and /thumbs
 * media), the two inline scripts below by their hashes, inline style attributes (React sets them),
 * data:/blob: images and media, no plugins, no framing.
 */

/**
 * The scripts that must run before the first paint, inline in the pages (issue 19: a script file in
 * <head> held the first paint back by a round trip): the stored theme (web/src/first-paint/theme-init.js,
 * every page) and the prerendered landing page's start (web/src/first-paint/prerender-boot.js,
 * landing.html). Allowed by the hash of their exact text, no other inline script is:
 * web/src/first-paint/first-paint.test.ts fails with the new hash when one of them changes.
 */
export const WEB_APP_INLINE_SCRIPT_HASHES: readonly string[] = [
  "'sha256-EuTAM0myFhl3c044ShN2aw0VLm33U9IA8NqHjBzAQ4M='", // theme-init.js
  "'sha256-E+iASOsFle0O5vvnk82aDLBbVOa3DD3EqJ4elJ1c68c='", // prerender-boot.js
];

const WEB_APP_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", ...WEB_APP_INLINE_SCRIPT_HASHES],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The directives for a product served over https (`upgrade-insecure-requests` added) or plain
 * http (without it: on local development it would send the browser to an https port nobody
 * listens on). A fresh object each call: helmet's options own it.
 */
export function webAppCspDirectives(servedOverHttps: boolean): Record<string, string[]> {
  const directives = Object.fromEntries(
    Object.entries(WEB_APP_CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
  );
  if (servedOverHttps) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The header value, as helmet 8 writes it: `name value value;name;…` (no spaces around `;`). */
export function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');
}
