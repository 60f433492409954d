import type { FeatureMessages } from '../../i18n/use-messages';

/** Login page strings; `errors.*` are the gateway's `/login?error=<code>` codes (auth-gateway README). */
export const loginMessages = {
  en: {
    documentTitle: 'Sign in — Kadr',
    title: 'Sign in to Kadr',
    lead: 'Kadr uses a secure sign-in provider: you will leave this page for a moment, sign in there, and come straight back.',
    button: 'Sign in',
    redirecting: 'Taking you to sign-in…',
    newHere: 'New here? Signing in for the first time creates your account — no separate registration.',
    agreement:
      'By signing in you accept the <terms>Terms of service</terms> and confirm you have read the <privacy>Privacy policy</privacy>.',
    errorTitle: 'Sign-in did not finish',
    errors: {
      access_denied: 'Sign-in was cancelled, or the sign-in provider refused access. You can try again.',
      provider_error: 'The sign-in provider reported an error. Please try again.',
      provider_unavailable: 'The sign-in provider cannot be reached right now. Please try again in a moment.',
      login_expired: 'The sign-in took too long and expired. Please start again.',
      invalid_state:
        'We could not confirm that this sign-in was started here (perhaps it was started in another tab). Please start again.',
      email_required:
        'Your account at the sign-in provider has no e-mail address, and Kadr needs one. Add an e-mail address there, or use another account.',
      sign_in_failed: 'Sign-in failed. Please try again.',
      unknown: 'Something went wrong while signing in. Please try again.',
    },
    back: 'Back to the home page',
  },
  pl: {
    documentTitle: 'Logowanie — Kadr',
    title: 'Zaloguj się do Kadr',
    lead: 'Kadr korzysta z bezpiecznego dostawcy logowania: na chwilę opuścisz tę stronę, zalogujesz się tam i od razu wrócisz.',
    button: 'Zaloguj się',
    redirecting: 'Przechodzimy do logowania…',
    newHere: 'Pierwszy raz? Pierwsze logowanie zakłada konto — bez osobnej rejestracji.',
    agreement:
      'Logując się, akceptujesz <terms>Regulamin</terms> i potwierdzasz zapoznanie się z <privacy>Polityką prywatności</privacy>.',
    errorTitle: 'Logowanie nie zostało dokończone',
    errors: {
      access_denied: 'Logowanie zostało anulowane albo dostawca logowania odmówił dostępu. Możesz spróbować ponownie.',
      provider_error: 'Dostawca logowania zgłosił błąd. Spróbuj ponownie.',
      provider_unavailable: 'Dostawca logowania jest teraz nieosiągalny. Spróbuj ponownie za chwilę.',
      login_expired: 'Logowanie trwało zbyt długo i wygasło. Zacznij od nowa.',
      invalid_state:
        'Nie udało się potwierdzić, że to logowanie rozpoczęto tutaj (być może w innej karcie). Zacznij od nowa.',
      email_required:
        'Twoje konto u dostawcy logowania nie ma adresu e-mail, a Kadr go potrzebuje. Dodaj adres e-mail u dostawcy albo użyj innego konta.',
      sign_in_failed: 'Logowanie nie powiodło się. Spróbuj ponownie.',
      unknown: 'Podczas logowania coś poszło nie tak. Spróbuj ponownie.',
    },
    back: 'Wróć na stronę główną',
  },
} satisfies FeatureMessages;
