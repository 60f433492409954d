/**
 * Just enough of a browser for sign-in tests: a cookie jar (cookies belong to a host, not a
 * port — as in browsers, so the gateway and the provider on 127.0.0.1 share one jar), manual
 * redirects, and form posts. Real HTTP through fetch.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every URL requested, in order. */
  readonly visited: string[] = [];

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  deleteCookie(host: string, name: string): void {
    this.jar.get(host)?.delete(name);
  }

  cookieHeader(url: URL): string {
    return [...(this.jar.get(url.hostname) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request, no redirect following; remembers the cookies set. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    this.visited.push(target.href);
    const headers = new Headers(init.headers);
    const cookies = this.cookieHeader(target);
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.remember(target, response);
    return response;
  }

  /** Follows GET redirects from `url` until `stop(url)` is true or a non-redirect answers. */
  async follow(
    url: string | URL,
    stop: (url: URL) => boolean = () => false,
  ): Promise<{ url: URL; response?: Response }> {
    let current = new URL(url);
    for (let hop = 0; hop < 20; hop += 1) {
      if (stop(current)) return { url: current };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      await response.arrayBuffer();
      current = new URL(location, current);
    }
    throw new Error(`too many redirects: ${this.visited.slice(-20).join(' -> ')}`);
  }

  /** Submits a form (application/x-www-form-urlencoded) and follows the redirects. */
  async submitForm(
    action: URL,
    fields: Record<string, string>,
    stop?: (url: URL) => boolean,
  ): Promise<{ url: URL; response?: Response }> {
    const response = await this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url: action, response };
    await response.arrayBuffer();
    return this.follow(new URL(location, action), stop);
  }

  private remember(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some(
        (a) => /^max-age=(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired || value === '') this.deleteCookie(url.hostname, name);
      else this.setCookie(url.hostname, name, value);
    }
  }
}

/** The first `<form action>` whose action ends with `suffix`, resolved against the page URL. */
export function formAction(html: string, pageUrl: URL, suffix: string): URL {
  for (const match of html.matchAll(/<form[^>]*action="([^"]+)"/g)) {
    const action = match[1]!.replace(/&amp;/g, '&');
    if (action.endsWith(suffix)) return new URL(action, pageUrl);
  }
  throw new Error(`no form posting to …${suffix} in:\n${html}`);
}
