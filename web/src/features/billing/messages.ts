/**
 * Strings shared by the credit history (`/billing`) and a job's page (namespace `billing`): why held
 * credits came back, in plain words (`refund-reason.ts` picks the key).
 */
export const billingMessages = {
  en: {
    refundReason: {
      cancelled: 'cancelled by you',
      qualityCheck: 'the video failed our quality check',
      support: 'stopped by our support team',
      provider: 'the provider failed',
      timeout: 'the render took too long',
      deleted: 'the video was deleted',
      failed: 'the generation failed',
    },
    refunded: 'Refunded: {{reason}}',
  },
  pl: {
    refundReason: {
      cancelled: 'anulowane przez Ciebie',
      qualityCheck: 'film nie przeszedł naszej kontroli jakości',
      support: 'zatrzymane przez nasz zespół wsparcia',
      provider: 'błąd po stronie dostawcy',
      timeout: 'renderowanie trwało za długo',
      deleted: 'film został usunięty',
      failed: 'generowanie się nie powiodło',
    },
    refunded: 'Zwrot: {{reason}}',
  },
} as const;
