/** `/payment/failure` — Tpay's error return address (namespace `paymentFailure`). */
export const paymentFailureMessages = {
  en: {
    title: 'Payment not completed',
    lead: 'The payment did not go through. No money was taken and nothing was added to your account.',
    hint: 'You can try again — with the same or another payment method.',
    paidAfterAll: {
      title: 'Good news: this payment went through after all.',
      link: 'See the payment result',
    },
    tryAgain: 'Try again',
    dashboard: 'Go to dashboard',
    loading: 'Checking the order…',
  },
  pl: {
    title: 'Płatność nie została zrealizowana',
    lead: 'Płatność nie doszła do skutku. Nie pobrano pieniędzy i nic nie zostało dodane do Twojego konta.',
    hint: 'Możesz spróbować ponownie — tą samą lub inną metodą płatności.',
    paidAfterAll: {
      title: 'Dobra wiadomość: ta płatność jednak się powiodła.',
      link: 'Zobacz wynik płatności',
    },
    tryAgain: 'Spróbuj ponownie',
    dashboard: 'Przejdź do panelu',
    loading: 'Sprawdzamy zamówienie…',
  },
} as const;
