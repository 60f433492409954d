/**
 * One person of the chaos workload, talking to the gateway as the web app does: signs in
 * through the development identity provider, generates videos and buys credits with the mock
 * provider, every POST with an Idempotency-Key that is reused when the request is retried.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { TestBrowser, formAction } from '../../services/auth-gateway/test/identity/helpers/browser';
import { LiveFeedRecorder } from './live-feed-recorder';

/** How long one request is retried (same key) while a service is briefly unavailable. */
const RETRY_FOR_MS = 30_000;
/** Answers worth another try with the same Idempotency-Key: in flight elsewhere, rate-limited, upstream trouble. */
const RETRYABLE_STATUS = new Set([409, 429, 500, 502, 503, 504]);

export interface JobRequest {
  modelId: 'kadr-motion-v1' | 'faulty-test';
  prompt: string;
}

export interface SubmittedPayment {
  orderId: string;
  outcome: 'success' | 'failure';
}

export class ChaosUser {
  readonly browser = new TestBrowser();
  readonly live: LiveFeedRecorder;
  userId = '';
  readonly jobIds: string[] = [];
  readonly payments: SubmittedPayment[] = [];
  /** Requests answered with a final error (e.g. 402 not enough credits), with the status. */
  readonly refused: string[] = [];
  private keys = 0;

  constructor(
    private readonly base: string,
    readonly email: string,
  ) {
    this.live = new LiveFeedRecorder(`${base}/bff/sse/jobs`, () => this.browser.cookieHeader(new URL(base)));
  }

  async signIn(): Promise<void> {
    const page = await this.browser.follow(`${this.base}/auth/login?returnTo=/dashboard`);
    await this.browser.submitForm(
      formAction(await page.response!.text(), page.url, '/login'),
      { email: this.email },
      (url) => url.origin === this.base && !url.pathname.startsWith('/auth/'),
    );
    const session = (await (await this.call('GET', '/auth/session')).json()) as { user?: { id: string } };
    if (!session.user) throw new Error(`${this.email}: no session after sign-in`);
    this.userId = session.user.id;
  }

  async generate(job: JobRequest): Promise<void> {
    const response = await this.post('/bff/platform/jobs', {
      prompt: job.prompt,
      modelId: job.modelId,
      duration: 5,
      quality: 'Lite',
      // The faulty provider fails at once on Normal; the local renderer is quickest on Ultra Fast.
      speed: job.modelId === 'faulty-test' ? 'Normal' : 'Ultra Fast',
    });
    if (response.status !== 202) {
      this.refused.push(`job ${response.status}`);
      return;
    }
    this.jobIds.push(((await response.json()) as { id: string }).id);
  }

  async buyCredits(outcome: 'success' | 'failure'): Promise<void> {
    const created = await this.post('/bff/platform/api/commerce/payment/create-order', { packageId: 'credits-100' });
    if (created.status !== 201 && created.status !== 200) {
      this.refused.push(`order ${created.status}`);
      return;
    }
    const { data } = (await created.json()) as { data: { orderId: string } };
    const processed = await this.post('/bff/platform/api/commerce/payment/mock-process', {
      orderId: data.orderId,
      outcome,
    });
    if (processed.status !== 200) throw new Error(`mock-process of ${data.orderId} answered ${processed.status}`);
    this.payments.push({ orderId: data.orderId, outcome });
  }

  /** A GET as the web app sends it. */
  call(method: string, route: string, body?: unknown, idempotencyKey?: string): Promise<Response> {
    return this.browser.request(`${this.base}${route}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        origin: this.base,
        'x-csrf-token': this.browser.cookie('127.0.0.1', 'kadr_csrf') ?? '',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A POST with one Idempotency-Key for all its tries. */
  private async post(route: string, body: unknown): Promise<Response> {
    const key = `chaos-${this.userId}-${(this.keys += 1)}`;
    const deadline = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response | undefined;
      try {
        response = await this.call('POST', route, body, key);
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (response && (!RETRYABLE_STATUS.has(response.status) || Date.now() > deadline)) return response;
      await response?.arrayBuffer();
      await sleep(Math.min(2_000, 200 * attempt));
    }
  }
}
