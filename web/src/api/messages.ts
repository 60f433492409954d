import type { FeatureMessages } from '../i18n/use-messages';

/**
 * Titles and messages of every problem reason (namespace `problems`). The English strings the spec's
 * error catalogue (§8) quotes are kept word for word; where it shows only a title, the message is
 * ours. `rate_limited.message` has plural forms (i18next `count`) and interpolates `{{seconds}}`.
 */
export const problemMessages = {
  en: {
    fieldErrors: 'Please fix highlighted fields.',
    validation: { title: 'Please check your input', message: 'Some fields need correction.' },
    unauthorized: { title: 'Authentication required', message: 'Please log in to continue.' },
    forbidden: { title: 'Not allowed', message: 'You do not have permission to perform this action.' },
    not_found: { title: 'Not found', message: 'The requested item does not exist.' },
    conflict: { title: 'Conflict', message: 'The request conflicts with a current state.' },
    rate_limited: {
      title: 'Too many requests',
      message_one: 'Please wait {{seconds}} second before trying again.',
      message_other: 'Please wait {{seconds}} seconds before trying again.',
    },
    timeout: { title: 'Timeout', message: 'The request timed out. Please try again.' },
    service_unavailable: {
      title: 'Service temporarily unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    },
    circuit_open: { title: 'Temporarily unavailable', message: 'Temporarily unavailable' },
    banking_unavailable: { title: 'Payments unavailable', message: 'Payments are unavailable right now.' },
    banking_timeout: { title: 'Payments timeout', message: 'The payment provider did not answer in time.' },
    banking_http: { title: 'Payments error', message: 'The payment provider returned an error.' },
    proxy_error: { title: 'Upstream error', message: 'The service could not be reached. Please try again.' },
    backend_http: { title: 'Service error', message: 'The service returned an error. Please try again.' },
    egress_host_not_allowlisted: {
      title: 'Blocked destination',
      message: 'That destination is not on the list of allowed hosts.',
    },
    ssrf_blocked: { title: 'Blocked request', message: 'Requests to internal addresses are not allowed.' },
    aiproxy_error: { title: 'Provider error', message: 'The video provider returned an error.' },
    db_transient: { title: 'Temporary issue', message: 'A temporary storage problem occurred. Please try again.' },
    s3_timeout: { title: 'Storage timeout', message: 'The file storage did not answer in time. Please try again.' },
    network_error: { title: 'Network error', message: 'Please check your connection and try again.' },
    unknown: { title: 'Unexpected error', message: 'Something went wrong. Please try again.' },
    insufficient_credits: { title: 'Insufficient credits', message: 'Insufficient credits' },
    tier_cap: { title: 'Not available on your plan', message: 'Your plan does not include this option.' },
    quota_exceeded: { title: 'Quota exceeded', message: 'You have used up your allowance for now.' },
    idempotency_key_reuse: {
      title: 'Already submitted',
      message: 'This action was already submitted with different details. Please start it again.',
    },
    payload_too_large: { title: 'Request too large', message: 'The request is too large.' },
    method_not_allowed: { title: 'Method not allowed', message: 'This address does not accept this request.' },
    request_timeout: { title: 'Request time-out', message: 'The request did not arrive in time. Please try again.' },
    headers_too_large: { title: 'Request headers too large', message: 'The request headers are too large.' },
    cancelled: { title: 'Cancelled', message: 'The request was cancelled.' },
  },
  pl: {
    fieldErrors: 'Popraw zaznaczone pola.',
    validation: { title: 'Sprawdź wprowadzone dane', message: 'Niektóre pola wymagają poprawy.' },
    unauthorized: { title: 'Wymagane uwierzytelnienie', message: 'Zaloguj się, aby kontynuować.' },
    forbidden: { title: 'Brak uprawnień', message: 'Nie masz uprawnień do wykonania tej czynności.' },
    not_found: { title: 'Nie znaleziono', message: 'Żądany element nie istnieje.' },
    conflict: { title: 'Konflikt', message: 'Żądanie jest sprzeczne z bieżącym stanem.' },
    rate_limited: {
      title: 'Zbyt wiele żądań',
      message_one: 'Odczekaj {{seconds}} sekundę, zanim spróbujesz ponownie.',
      message_few: 'Odczekaj {{seconds}} sekundy, zanim spróbujesz ponownie.',
      message_many: 'Odczekaj {{seconds}} sekund, zanim spróbujesz ponownie.',
      message_other: 'Odczekaj {{seconds}} sekundy, zanim spróbujesz ponownie.',
    },
    timeout: { title: 'Przekroczono limit czasu', message: 'Żądanie trwało zbyt długo. Spróbuj ponownie.' },
    service_unavailable: {
      title: 'Usługa chwilowo niedostępna',
      message: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
    },
    circuit_open: { title: 'Chwilowo niedostępne', message: 'Chwilowo niedostępne' },
    banking_unavailable: { title: 'Płatności niedostępne', message: 'Płatności są w tej chwili niedostępne.' },
    banking_timeout: {
      title: 'Przekroczono czas płatności',
      message: 'Operator płatności nie odpowiedział na czas.',
    },
    banking_http: { title: 'Błąd płatności', message: 'Operator płatności zwrócił błąd.' },
    proxy_error: { title: 'Błąd połączenia z usługą', message: 'Nie udało się połączyć z usługą. Spróbuj ponownie.' },
    backend_http: { title: 'Błąd usługi', message: 'Usługa zwróciła błąd. Spróbuj ponownie.' },
    egress_host_not_allowlisted: {
      title: 'Zablokowany adres docelowy',
      message: 'Ten adres nie znajduje się na liście dozwolonych.',
    },
    ssrf_blocked: { title: 'Zablokowane żądanie', message: 'Żądania do adresów wewnętrznych są niedozwolone.' },
    aiproxy_error: { title: 'Błąd dostawcy', message: 'Dostawca wideo zwrócił błąd.' },
    db_transient: {
      title: 'Chwilowy problem',
      message: 'Wystąpił chwilowy problem z zapisem danych. Spróbuj ponownie.',
    },
    s3_timeout: {
      title: 'Przekroczono czas magazynu plików',
      message: 'Magazyn plików nie odpowiedział na czas. Spróbuj ponownie.',
    },
    network_error: { title: 'Błąd sieci', message: 'Sprawdź połączenie i spróbuj ponownie.' },
    unknown: { title: 'Nieoczekiwany błąd', message: 'Coś poszło nie tak. Spróbuj ponownie.' },
    insufficient_credits: { title: 'Za mało kredytów', message: 'Za mało kredytów' },
    tier_cap: { title: 'Niedostępne w Twoim planie', message: 'Twój plan nie obejmuje tej opcji.' },
    quota_exceeded: { title: 'Limit wykorzystany', message: 'Limit na ten okres został już wykorzystany.' },
    idempotency_key_reuse: {
      title: 'Już wysłano',
      message: 'To działanie zostało już wysłane z innymi danymi. Rozpocznij je ponownie.',
    },
    payload_too_large: { title: 'Zbyt duże żądanie', message: 'Żądanie jest zbyt duże.' },
    method_not_allowed: { title: 'Niedozwolona metoda', message: 'Ten adres nie przyjmuje takiego żądania.' },
    request_timeout: {
      title: 'Przekroczono czas żądania',
      message: 'Żądanie nie dotarło na czas. Spróbuj ponownie.',
    },
    headers_too_large: { title: 'Zbyt duże nagłówki żądania', message: 'Nagłówki żądania są zbyt duże.' },
    cancelled: { title: 'Anulowano', message: 'Żądanie zostało anulowane.' },
  },
} satisfies FeatureMessages;
