/**
 * A signed-in browser session as the web app makes requests: session cookie, the CSRF header
 * and an Idempotency-Key of its own on every state-changing request. Every exchange is handed to
 * `observe` (the OpenAPI conformance check).
 */
import { TestBrowser, formAction } from '../../../services/auth-gateway/test/identity/helpers/browser';

export interface Exchange {
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  contentType: string;
  /** Parsed JSON, the text, or null for bytes. */
  body: unknown;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

let keys = 0;

export class ApiClient {
  readonly browser = new TestBrowser();

  private constructor(
    readonly base: string,
    readonly email: string,
    private readonly observe: (exchange: Exchange) => void,
  ) {}

  /** Signs in through the development identity provider, as a person would. */
  static async signIn(base: string, email: string, observe: (exchange: Exchange) => void = () => {}) {
    const client = new ApiClient(base, email, observe);
    const page = await client.browser.follow(`${base}/auth/login?returnTo=/`);
    const landed = await client.browser.submitForm(
      formAction(await page.response!.text(), page.url, '/login'),
      { email },
      (url) => url.origin === base && !url.pathname.startsWith('/auth/'),
    );
    if (landed.url.origin !== base) throw new Error(`sign-in of ${email} ended at ${landed.url.href}`);
    return client;
  }

  get csrfToken(): string {
    return this.browser.cookie(new URL(this.base).hostname, 'kadr_csrf') ?? '';
  }

  async request(method: string, url: string, options: RequestOptions = {}): Promise<Exchange> {
    const stateChanging = !['GET', 'HEAD'].includes(method);
    const headers: Record<string, string> = {
      accept: 'application/json',
      origin: this.base,
      ...(stateChanging
        ? { 'x-csrf-token': this.csrfToken, 'idempotency-key': `api-test-${process.pid}-${(keys += 1)}` }
        : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const response = await this.browser.request(`${this.base}${url}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const body = /json$/.test(contentType)
      ? await response.json()
      : contentType.startsWith('text/')
        ? await response.text()
        : (await response.arrayBuffer(), null);
    const exchange: Exchange = { method, url, status: response.status, contentType, body };
    this.observe(exchange);
    return exchange;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown) => this.request('POST', url, { body });
  put = (url: string, body?: unknown) => this.request('PUT', url, { body });
}
