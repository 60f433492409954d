/**
 * Signing in the way a person does in development: the gateway's `/auth/login` sends the browser
 * to the development identity provider's page (services/auth-gateway/src/dev-identity-provider/
 * pages.ts), which has one button per demo account and an e-mail field for anyone else; it
 * redirects back to the product at `returnTo`.
 */
import type { Page } from 'playwright-core';

/** The demo accounts' button names on the provider's page (the account's name, then its e-mail). */
const ACCOUNT_BUTTONS = {
  demo: /Demo User/,
  admin: /Administrator/,
} as const;

type ListedAccount = keyof typeof ACCOUNT_BUTTONS;
export type Who = ListedAccount | (string & {});

const isListedAccount = (who: Who): who is ListedAccount => Object.hasOwn(ACCOUNT_BUTTONS, who);

export interface SignInOptions {
  /** Where the product sends the browser after sign-in (default `/dashboard`). */
  returnTo?: string;
}

/** Signs `page` in as the demo user, the administrator, or anyone by e-mail; resolves on the product's page. */
export async function signIn(page: Page, baseUrl: string, who: Who, options: SignInOptions = {}): Promise<void> {
  const returnTo = options.returnTo ?? '/dashboard';
  const product = new URL(baseUrl);
  await page.goto(new URL(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`, baseUrl).href);
  await page.getByRole('heading', { name: 'Sign in to Kadr' }).waitFor();

  const backOnProduct = page.waitForURL((url) => url.origin === product.origin && !url.pathname.startsWith('/auth/'));
  if (isListedAccount(who)) {
    await page.getByRole('button', { name: ACCOUNT_BUTTONS[who] }).click();
  } else {
    await page.getByLabel('E-mail').fill(who);
    await page.getByRole('button', { name: 'Sign in with this e-mail' }).click();
  }
  await backOnProduct;
}

let emails = 0;
/** A person nobody used before in this run, so a journey's changes (language, credits) are its own. */
export function freshEmail(label: string): string {
  emails += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${emails}@e2e.kadr.test`;
}
