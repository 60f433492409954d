/**
 * Why a sign-in could not complete, as the code the web app's `/login?error=<code>` shows.
 * The vocabulary is ours (stable for the web app), whatever the provider said.
 */
export type SignInFailureCode =
  /** The person cancelled at the provider (OAuth `access_denied`). */
  | 'access_denied'
  /** The provider answered with another OAuth error. */
  | 'provider_error'
  /** The provider could not be reached (discovery, token or key requests failed). */
  | 'provider_unavailable'
  /** No pending sign-in for this browser: never started, already used, or older than 10 minutes. */
  | 'login_expired'
  /** The response does not belong to the pending sign-in (state), or its tokens did not verify. */
  | 'invalid_state'
  /** The provider did not give an e-mail address, which Kadr needs. */
  | 'email_required'
  /** Anything else went wrong while completing the sign-in. */
  | 'sign_in_failed';

export class SignInFailure extends Error {
  constructor(
    readonly code: SignInFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SignInFailure';
  }
}
