/** The development payment simulator, `/payment/mock-process` (namespace `mockPayment`). */
export const mockPaymentMessages = {
  en: {
    title: 'Payment simulator',
    banner: 'Development payment simulator. This page stands in for the payment provider: no real money is charged.',
    loading: 'Loading the order…',
    choose: 'Choose how this payment ends.',
    paySuccess: 'Pay (mock success)',
    payFailure: 'Fail payment (mock failure)',
    missing: {
      title: 'No order to pay',
      text: 'This page needs an order. Start from Buy credits or Subscription.',
    },
    notFound: {
      title: 'Order not found',
      text: 'We could not find this order. It may have been made by another account.',
    },
    loadError: 'The order could not be loaded',
    settleError: 'The payment could not be simulated',
    failedTitle: 'Payment failed',
    paid: {
      title: 'This order is already paid',
      link: 'See the payment result',
    },
    closedTitle: 'This order is closed',
    backToCredits: 'Back to Buy credits',
    backToPlans: 'Back to Subscription',
  },
  pl: {
    title: 'Symulator płatności',
    banner:
      'Deweloperski symulator płatności. Ta strona zastępuje operatora płatności: żadne prawdziwe pieniądze nie są pobierane.',
    loading: 'Wczytujemy zamówienie…',
    choose: 'Wybierz, jak ma się zakończyć ta płatność.',
    paySuccess: 'Zapłać (symulowany sukces)',
    payFailure: 'Odrzuć płatność (symulowane niepowodzenie)',
    missing: {
      title: 'Brak zamówienia do opłacenia',
      text: 'Ta strona potrzebuje zamówienia. Zacznij od zakupu kredytów lub subskrypcji.',
    },
    notFound: {
      title: 'Nie znaleziono zamówienia',
      text: 'Nie znaleźliśmy tego zamówienia. Mogło zostać złożone z innego konta.',
    },
    loadError: 'Nie udało się wczytać zamówienia',
    settleError: 'Nie udało się zasymulować płatności',
    failedTitle: 'Płatność nieudana',
    paid: {
      title: 'To zamówienie jest już opłacone',
      link: 'Zobacz wynik płatności',
    },
    closedTitle: 'To zamówienie jest zamknięte',
    backToCredits: 'Wróć do zakupu kredytów',
    backToPlans: 'Wróć do subskrypcji',
  },
} as const;
