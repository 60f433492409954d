/** `/payment/success` (namespace `paymentSuccess`). */
export const paymentSuccessMessages = {
  en: {
    title: 'Payment',
    checking: 'Checking your payment…',
    pendingLead: 'Waiting for the payment provider to confirm your payment. This usually takes a few seconds.',
    paidTitle: 'Payment successful',
    failedTitle: 'Payment not completed',
    cancelledTitle: 'Payment cancelled',
    expiredTitle: 'Payment expired',
    expiredLead: 'The order was not paid in time.',
    refundedTitle: 'Payment reversed',
    refundedLead:
      'The payment for this order was reversed by the card issuer (a chargeback), so what it bought was taken back.',
    late: {
      title: 'Still waiting for the confirmation',
      text: 'If you paid, your purchase is added automatically as soon as the confirmation arrives — you can leave this page.',
      checkAgain: 'Check again',
    },
    missing: {
      title: 'No payment to show',
      text: 'We could not tell which order this page is about. Your purchases appear in your balance and plan once paid.',
    },
    notFound: {
      title: 'Order not found',
      text: 'We could not find this order. It may have been made by another account.',
    },
    loadError: 'The payment status could not be loaded',
    next: {
      generate: 'Generate a video',
      dashboard: 'Go to dashboard',
      buyCredits: 'Buy credits',
      subscription: 'See your plan',
      tryAgain: 'Try again',
    },
  },
  pl: {
    title: 'Płatność',
    checking: 'Sprawdzamy płatność…',
    pendingLead: 'Czekamy, aż operator płatności potwierdzi Twoją płatność. Zwykle trwa to kilka sekund.',
    paidTitle: 'Płatność zakończona sukcesem',
    failedTitle: 'Płatność nie została zrealizowana',
    cancelledTitle: 'Płatność anulowana',
    expiredTitle: 'Płatność wygasła',
    expiredLead: 'Zamówienie nie zostało opłacone na czas.',
    refundedTitle: 'Płatność cofnięta',
    refundedLead:
      'Wydawca karty cofnął płatność za to zamówienie (obciążenie zwrotne), więc to, co kupiono, zostało odebrane.',
    late: {
      title: 'Wciąż czekamy na potwierdzenie',
      text: 'Jeśli zapłaciłeś, zakup zostanie dodany automatycznie, gdy tylko dotrze potwierdzenie — możesz opuścić tę stronę.',
      checkAgain: 'Sprawdź ponownie',
    },
    missing: {
      title: 'Brak płatności do pokazania',
      text: 'Nie wiemy, którego zamówienia dotyczy ta strona. Opłacone zakupy widać w saldzie i planie.',
    },
    notFound: {
      title: 'Nie znaleziono zamówienia',
      text: 'Nie znaleźliśmy tego zamówienia. Mogło zostać złożone z innego konta.',
    },
    loadError: 'Nie udało się wczytać statusu płatności',
    next: {
      generate: 'Wygeneruj wideo',
      dashboard: 'Przejdź do panelu',
      buyCredits: 'Kup kredyty',
      subscription: 'Zobacz swój plan',
      tryAgain: 'Spróbuj ponownie',
    },
  },
} as const;
