/**
 * Signing in on the compose stack the way a person does: the gateway's `/auth/login?returnTo=…`
 * sends the browser to Keycloak's login page (realm `kadr`), the person types the account's
 * e-mail and password and presses "Sign In", and Keycloak sends the browser back through the
 * gateway's callback to `returnTo` on the product.
 *
 * The form is found by Keycloak's field names (`username`, `password`) and its submit button
 * (`#kc-login`), not by the labels: the realm is internationalised (en, pl), so a Polish browser
 * gets "Nazwa użytkownika lub e-mail", "Hasło" and "Logowanie" instead of "Username or email",
 * "Password" and "Sign In"; the names stay.
 */
import type { Page } from 'playwright-core';
import type { SignInOptions, Who } from '../support/sign-in';
import { composeAccount, isComposeWho } from './accounts';

/** Keycloak's own pages: anything under `/realms/` (login, required actions, errors). */
const onKeycloak = (url: URL) => url.pathname.startsWith('/realms/');

export async function signInWithKeycloak(
  page: Page,
  baseUrl: string,
  who: Who,
  options: SignInOptions = {},
): Promise<void> {
  if (!isComposeWho(who)) {
    throw new Error(`the compose stack's realm has only 'demo' and 'admin' (no self-registration), not ${who}`);
  }
  const account = composeAccount(who);
  const product = new URL(baseUrl);
  const returnTo = options.returnTo ?? '/dashboard';
  await page.goto(new URL(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`, baseUrl).href);

  const username = page.locator('input[name="username"]');
  await username.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    throw new Error(`no Keycloak login form at ${page.url()} (heading: ${await headingOf(page)}): ${String(error)}`);
  });
  if (!onKeycloak(new URL(page.url()))) throw new Error(`the login form is not Keycloak's: ${page.url()}`);
  await username.fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);

  const backOnProduct = page.waitForURL((url) => url.origin === product.origin && !url.pathname.startsWith('/auth/'), {
    timeout: 30_000,
  });
  await page.locator('#kc-login').click();
  try {
    await backOnProduct;
  } catch (error) {
    // Still on Keycloak: wrong password, or a required action (update password, verify profile…).
    const alert = await page
      .locator('#input-error, .kc-feedback-text, [role="alert"]')
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => '');
    throw new Error(
      `Keycloak did not send ${account.email} back to the product: at ${page.url()}, heading ` +
        `"${await headingOf(page)}"${alert ? `, message "${alert.trim()}"` : ''} (${String(error)})`,
    );
  }
}

const headingOf = (page: Page): Promise<string> =>
  page
    .locator('h1')
    .first()
    .innerText({ timeout: 1_000 })
    .then((text) => text.trim())
    .catch(() => '(none)');
