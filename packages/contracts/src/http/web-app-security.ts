/**
 * The web app's Content-Security-Policy, written once. The gateway sends it (helmet, embedded mode)
 * and `web/nginx/security-headers.conf` is generated from what the gateway sends (cluster mode:
 * `tools/web/generate-nginx-headers.ts`), so the two servers cannot drift apart.
 *
 * Everything from our own origin (scripts — `/theme-init.js` too —, the API, the event stream,
 * same-origin /video and /thumbs media), inline style attributes (React sets them), data:/blob:
 * images and media, no plugins, no framing.
 */
const WEB_APP_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
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
