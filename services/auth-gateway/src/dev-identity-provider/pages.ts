import type { DevAccount } from './dev-accounts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Inline styles only: the page loads nothing from anywhere (see the CSP sent with it). */
const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(26rem, 92vw); padding: 2rem; border: 1px solid GrayText; border-radius: 0.75rem; }
  h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
  p.note { margin: 0 0 1.5rem; color: GrayText; }
  fieldset { border: 0; padding: 0; margin: 0 0 1.5rem; display: grid; gap: 0.5rem; }
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  button { font: inherit; padding: 0.6rem 0.9rem; border-radius: 0.5rem; border: 1px solid GrayText; cursor: pointer; text-align: left; }
  button .email { display: block; font-size: 0.85rem; color: GrayText; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.55rem; border-radius: 0.5rem; border: 1px solid GrayText; }
  .hint { font-size: 0.85rem; color: GrayText; margin: 0.25rem 0 0.75rem; }
  .error { color: #b00020; font-weight: 600; }
  .cancel { margin-top: 1.5rem; }
  :focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
`;

/** `default-src 'none'`: no scripts, no outside requests; `form-action` is left open on purpose (the flow redirects to the gateway). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageInput {
  /** The interaction's uid (the form posts back to `/interaction/<uid>/…`). */
  uid: string;
  accounts: readonly DevAccount[];
  /** The e-mail typed last time, shown again with the error. */
  email?: string;
  error?: string;
}

/** The development sign-in page: one button per demo account, or any e-mail. */
export function renderSignInPage({ uid, accounts, email, error }: SignInPageInput): string {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const buttons = accounts
    .map(
      (account) =>
        `<button type="submit" name="email" value="${escapeHtml(account.email)}">${escapeHtml(account.name)}` +
        `<span class="email">${escapeHtml(account.email)}</span></button>`,
    )
    .join('\n');
  const errorBlock = error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? 'email-hint email-error' : 'email-hint';
  return page(
    'Sign in — Kadr development',
    `<h1>Sign in to Kadr</h1>
<p class="note">Development identity provider. Nothing here is a real account.</p>
<form method="post" action="${base}/login">
<fieldset>
<legend>Demo accounts</legend>
${buttons}
</fieldset>
</form>
<form method="post" action="${base}/login" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required aria-describedby="${describedBy}"${
      email ? ` value="${escapeHtml(email)}"` : ''
    }${error ? ' aria-invalid="true"' : ''}>
<p id="email-hint" class="hint">Any e-mail works in development.</p>
${errorBlock}
<button type="submit">Sign in with this e-mail</button>
</form>
<form method="post" action="${base}/abort" class="cancel">
<button type="submit">Cancel</button>
</form>`,
  );
}

/** The provider's error page (an unknown or expired interaction, a bad request from a client). */
export function renderErrorPage(error: string, description?: string): string {
  return page(
    'Sign-in error — Kadr development',
    `<h1>Sign-in could not continue</h1>
<p role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p class="note">Go back to Kadr and start the sign-in again.</p>`,
  );
}
