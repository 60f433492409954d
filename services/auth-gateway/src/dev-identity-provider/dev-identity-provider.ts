import { generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Provider, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DevAccountDirectory, isAcceptableDevEmail, type DevAccountInput } from './dev-accounts';
import { createMemoryAdapterFactory } from './memory-adapter';
import { PAGE_CSP, renderErrorPage, renderSignInPage } from './pages';

export interface DevClient {
  client_id: string;
  /** With a secret the client authenticates with `client_secret_post`; without, it is a public client (PKCE only). */
  client_secret?: string;
  redirect_uris: string[];
}

export interface DevIdentityProviderOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Serve the issuer under a path, e.g. `/oidc`; default: the server's root. */
  issuerPath?: string;
  clients: DevClient[];
  /** Listed as buttons on the sign-in page; the administrator (`adminEmail`) is added when missing. */
  accounts: DevAccountInput[];
  adminEmail: string;
  /**
   * The RSA private key to sign with, possibly still being generated: `npm start` starts that on the
   * thread pool before it loads the services (issue 19, start-up time). A fresh key when absent.
   */
  signingKey?: Promise<KeyObject>;
}

export interface RunningDevIdentityProvider {
  /** The issuer URL to configure as OIDC_ISSUER_URL. */
  issuer: string;
  stop(): Promise<void>;
}

const SCOPES = 'openid email profile';
const generateRsaKeyPair = promisify(generateKeyPair);

function clientMetadata(client: DevClient): ClientMetadata {
  return {
    client_id: client.client_id,
    ...(client.client_secret ? { client_secret: client.client_secret } : {}),
    redirect_uris: client.redirect_uris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.client_secret ? 'client_secret_post' : 'none',
  };
}

/** oidc-provider's session cookie (and its `.sig`/`.legacy` companions). */
const PROVIDER_SESSION_COOKIE = '_session';

/**
 * The development provider keeps no sign-in between authorization requests: each one starts
 * without its session cookie, so the sign-in page shows every time and signing out of Kadr then
 * signing in as someone else (the administrator) just works. (With a remembered session of
 * another account, oidc-provider would first run its own sign-out form, which needs JavaScript.)
 */
function forgetProviderSession(req: Request, _res: Response, next: NextFunction): void {
  const header = req.headers.cookie;
  if (header) {
    const kept = header
      .split(';')
      .map((part) => part.trim())
      .filter(
        (part) => !part.startsWith(`${PROVIDER_SESSION_COOKIE}=`) && !part.startsWith(`${PROVIDER_SESSION_COOKIE}.`),
      );
    req.headers.cookie = kept.join('; ');
  }
  next();
}

/** Our clients are all first-party: consent is implied, so a grant for the requested scopes is created on the spot. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const existingId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (existingId) {
    const existing = await provider.Grant.find(existingId);
    if (existing && existing.accountId === session.accountId) return existing;
  }
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPES);
  await grant.save();
  return grant;
}

/**
 * A local OpenID Connect provider for development and tests (oidc-provider 8): authorization
 * code flow with PKCE required, a server-rendered sign-in page listing demo accounts (and
 * accepting any e-mail), consent skipped, in-memory storage, fresh keys at every start.
 * Never runs with NODE_ENV=production.
 */
export async function startDevIdentityProvider(
  options: DevIdentityProviderOptions,
): Promise<RunningDevIdentityProvider> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'the development identity provider refuses to run with NODE_ENV=production; configure OIDC_ISSUER_URL',
    );
  }
  const issuerPath = (options.issuerPath ?? '').replace(/\/+$/, '');
  if (issuerPath && !issuerPath.startsWith('/')) throw new Error('issuerPath must start with "/"');

  const listed = [...options.accounts];
  if (!listed.some((a) => a.email.toLowerCase() === options.adminEmail.toLowerCase())) {
    listed.push({ email: options.adminEmail, name: 'Administrator' });
  }
  const accounts = new DevAccountDirectory(listed);
  const privateKey = await (options.signingKey ??
    generateRsaKeyPair('rsa', { modulusLength: 2048 }).then((pair) => pair.privateKey));

  // Listen first: the issuer URL carries the port, which is only known once bound (port 0).
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const issuer = `http://${hostForUrl}:${port}${issuerPath}`;

  const configuration: Configuration = {
    clients: options.clients.map(clientMetadata),
    adapter: createMemoryAdapterFactory(),
    findAccount: (_ctx, sub) => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope claims into the ID token too, so a client needs no userinfo call.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: {
      keys: [
        {
          ...privateKey.export({ format: 'jwk' }),
          kid: `dev-${randomBytes(4).toString('hex')}`,
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { methods: ['S256'], required: () => true },
    loadExistingGrant: grantWithoutConsent,
    responseTypes: ['code'],
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', PAGE_CSP);
      ctx.body = renderErrorPage(out.error, out.error_description);
    },
  };
  const provider = new Provider(issuer, configuration);

  const app = express();
  app.disable('x-powered-by');
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  const html = (res: Response, status: number, body: string) => {
    res
      .status(status)
      .set('Content-Security-Policy', PAGE_CSP)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(body);
  };

  app.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      // Not reached with `loadExistingGrant` above; kept so an unexpected consent prompt never blocks sign-in.
      const grant = await grantWithoutConsentFor(
        provider,
        details.params.client_id as string,
        details.session?.accountId,
      );
      await provider.interactionFinished(req, res, { consent: { grantId: grant } }, { mergeWithLastSubmission: true });
      return;
    }
    html(res, 200, renderSignInPage({ uid: details.uid, accounts: accounts.listed }));
  });

  app.post('/interaction/:uid/login', form, async (req: Request, res: Response) => {
    const details = await provider.interactionDetails(req, res);
    const body = req.body as Record<string, unknown> | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim() : '';
    if (!isAcceptableDevEmail(email)) {
      const error = email
        ? 'That does not look like an e-mail address.'
        : 'Enter an e-mail address or pick a demo account.';
      html(res, 400, renderSignInPage({ uid: details.uid, accounts: accounts.listed, email, error }));
      return;
    }
    const account = accounts.signInAs(email);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  });

  app.post('/interaction/:uid/abort', async (req, res) => {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  });

  // The authorization endpoint and `/auth/<uid>`, where it resumes once the sign-in page is done.
  app.all([`${issuerPath}/auth`, `${issuerPath}/auth/:uid`], forgetProviderSession);
  app.use(issuerPath || '/', provider.callback());

  // Unknown or expired interactions (the provider throws SessionNotFound and friends) get the error page.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { error: code = 'server_error', error_description: description } = error as {
      error?: string;
      error_description?: string;
    };
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    html(res, status, renderErrorPage(code, status < 500 ? description : undefined));
  });

  server.on('request', app);

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function grantWithoutConsentFor(provider: Provider, clientId: string, accountId: string | undefined) {
  if (!accountId) throw new Error('consent prompt without a signed-in account');
  const grant = new provider.Grant({ clientId, accountId });
  grant.addOIDCScope(SCOPES);
  return grant.save();
}
