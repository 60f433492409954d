import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import { z } from 'zod';
import { EgressError, type EgressClient } from './egress';
import { TpayHttpError, TpayResponseError, failureReasonOf } from './tpay-errors';
import type { TpaySettings } from './tpay-settings';

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

const TransactionResponseSchema = z.object({
  transactionId: z.string().min(1),
  title: z.string().min(1),
  transactionPaymentUrl: z.url(),
});

export interface CreateTransaction {
  /** Minor units (grosze). */
  amountMinor: number;
  description: string;
  /** Our order id; Tpay echoes it as `tr_crc` in the notification. */
  hiddenDescription: string;
  payer: { email: string; name: string };
  successUrl: string;
  errorUrl: string;
}

export interface TpayTransaction {
  transactionId: string;
  title: string;
  transactionPaymentUrl: string;
}

/** Renews the token this long before Tpay says it expires. */
const TOKEN_SAFETY_MS = 60_000;

/** Time-outs and connection failures, and Tpay's 5xx, may pass; anything else will not. */
const isTransient = (error: Error): boolean =>
  (error instanceof EgressError && (error.failure === 'timeout' || error.failure === 'unreachable')) ||
  (error instanceof TpayHttpError && error.status >= 500);

/**
 * Tpay OpenAPI: client-credentials token (cached until shortly before it expires, one request in
 * flight), and transaction creation. Token requests are retried (they create nothing); a
 * transaction is retried only when the request provably never left (connection refused, name
 * not resolved) — after a time-out Tpay may have created it, and a second one could be paid twice.
 */
export class TpayApi {
  private token: { value: string; expiresAt: number } | undefined;
  private tokenInFlight: Promise<string> | undefined;
  private lastFailure: { reason: string; at: Date } | null = null;
  private readonly retryToken = retry(handleWhen(isTransient), {
    maxAttempts: 2,
    backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 2_000 }),
  });
  private readonly retryCreate = retry(
    handleWhen((error) => error instanceof EgressError && error.notSent && error.failure === 'unreachable'),
    { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 2_000 }) },
  );

  constructor(
    private readonly settings: TpaySettings,
    private readonly egress: EgressClient,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The last failure (for diagnostics), cleared by the next success. */
  get lastError(): { reason: string; at: Date } | null {
    return this.lastFailure;
  }

  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.clock()) return this.token.value;
    this.tokenInFlight ??= this.recorded(() => this.retryToken.execute(() => this.requestToken())).finally(() => {
      this.tokenInFlight = undefined;
    });
    return this.tokenInFlight;
  }

  async createTransaction(input: CreateTransaction): Promise<TpayTransaction> {
    return this.recorded(async () => {
      const token = await this.accessToken();
      const body = {
        amount: Number((input.amountMinor / 100).toFixed(2)),
        description: input.description,
        hiddenDescription: input.hiddenDescription,
        lang: 'pl',
        payer: input.payer,
        callbacks: {
          payerUrls: { success: input.successUrl, error: input.errorUrl },
          notification: { url: this.settings.notificationUrl },
        },
      };
      const response = await this.retryCreate.execute(() =>
        this.egress({
          method: 'POST',
          url: this.url('/transactions'),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (response.status === 401) this.token = undefined;
      if (response.status < 200 || response.status >= 300) throw new TpayHttpError(response.status, 'transactions');
      const parsed = TransactionResponseSchema.safeParse(parseJson(response.body));
      if (!parsed.success) throw new TpayResponseError('transactions', 'no transaction id or payment URL');
      return parsed.data;
    });
  }

  private async requestToken(): Promise<string> {
    const response = await this.egress({
      method: 'POST',
      url: this.url('/oauth/auth'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    if (response.status < 200 || response.status >= 300) throw new TpayHttpError(response.status, 'oauth/auth');
    const parsed = TokenResponseSchema.safeParse(parseJson(response.body));
    if (!parsed.success) throw new TpayResponseError('oauth/auth', 'no access token');
    this.token = {
      value: parsed.data.access_token,
      expiresAt: this.clock() + Math.max(0, parsed.data.expires_in * 1000 - TOKEN_SAFETY_MS),
    };
    return this.token.value;
  }

  private async recorded<T>(run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.lastFailure = null;
      return result;
    } catch (error) {
      this.lastFailure = { reason: failureReasonOf(error), at: new Date(this.clock()) };
      throw error;
    }
  }

  private url(path: string): string {
    // Relative to the base URL's path (a base with a path prefix keeps it).
    const base = this.settings.baseUrl.endsWith('/') ? this.settings.baseUrl : `${this.settings.baseUrl}/`;
    return new URL(path.replace(/^\//, ''), base).href;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
