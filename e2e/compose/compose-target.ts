/**
 * Journeys against the docker compose stack (the lead's compose CI stage): the product is already
 * running at `KADR_COMPOSE_BASE_URL` (http://localhost:8080, the ingress), people sign in through
 * Keycloak, and the journey starts only Chromium. Without the variable there is nothing to drive:
 * the file is skipped with one line saying so — or, with CI=true, fails (CI never skips a journey).
 */
import { describeJourney, type Journey } from '../support/journey';
import { signInWithKeycloak } from './keycloak-sign-in';

/** The variable that points the compose journeys at a running stack. */
export const BASE_URL_VARIABLE = 'KADR_COMPOSE_BASE_URL';

export function composeBaseUrl(): string | undefined {
  const value = process.env[BASE_URL_VARIABLE]?.trim();
  return value ? value.replace(/\/+$/, '') : undefined;
}

export function describeComposeJourney(title: string, body: (journey: Journey) => void): void {
  const baseUrl = composeBaseUrl();
  if (!baseUrl) {
    const reason = `${BASE_URL_VARIABLE} is not set (the URL of a running docker compose stack, e.g. http://localhost:8080)`;
    if (process.env.CI === 'true') {
      describe(title, () => {
        it('has a compose stack to drive', () => {
          throw new Error(`${title}: compose journeys must run in CI, but ${reason}`);
        });
      });
    } else {
      describe.skip(`${title} (skipped: ${reason})`, () => {
        it('runs against the compose stack', () => undefined);
      });
    }
    return;
  }
  describeJourney(title, body, { target: { baseUrl, signIn: signInWithKeycloak } });
}
