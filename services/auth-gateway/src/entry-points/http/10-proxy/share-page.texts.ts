import type { Request } from 'express';
import type { ShareReportReason } from '@kadr/contracts';

/** The languages of the product (the web app's); the public share page speaks both. */
export type ShareLanguage = 'pl' | 'en';

/**
 * The public share page's words in Polish and English. It has no session, so no language preference: the
 * visitor's `Accept-Language` picks one, and Polish — the product's default — is what a client that names
 * neither gets (a link preview's crawler usually asks for English, and gets it).
 */
export function shareLanguageOf(req: Request): ShareLanguage {
  const best = req.acceptsLanguages('pl', 'en');
  return best === 'en' ? 'en' : 'pl';
}

export interface ShareTexts {
  untitled: string;
  sharedBy(name: string): string;
  sharedFromKadr: string;
  prompt: string;
  makeYourOwn: string;
  reportSummary: string;
  reason: string;
  details: string;
  sendReport: string;
  reportSent: string;
  reasons: Record<ShareReportReason, string>;
  notFoundTitle: string;
  notFoundBody: string;
  goToKadr: string;
  thanksTitle: string;
  thanksBody: string;
  backToVideo: string;
}

export const SHARE_TEXTS: Record<ShareLanguage, ShareTexts> = {
  en: {
    untitled: 'A video made with Kadr',
    sharedBy: (name) => `Shared by ${name}`,
    sharedFromKadr: 'Shared from Kadr',
    prompt: 'Prompt:',
    makeYourOwn: 'Make your own video with Kadr',
    reportSummary: 'Report this video',
    reason: 'Reason',
    details: 'Details (optional)',
    sendReport: 'Send report',
    reportSent: 'Thank you. Your report was sent to the administrator.',
    reasons: {
      spam: 'Spam or misleading',
      sexual: 'Sexual content',
      violence: 'Violence or harm',
      hate: 'Hate or harassment',
      copyright: 'Copyright infringement',
      other: 'Something else',
    },
    notFoundTitle: 'This shared video is not available',
    notFoundBody: 'The link may have expired or been revoked by its owner.',
    goToKadr: 'Go to Kadr',
    thanksTitle: 'Thank you for your report',
    thanksBody: 'The administrator will look at it.',
    backToVideo: 'Back to the video',
  },
  pl: {
    untitled: 'Film zrobiony w Kadrze',
    sharedBy: (name) => `Udostępnia: ${name}`,
    sharedFromKadr: 'Udostępnione z Kadru',
    prompt: 'Opis (prompt):',
    makeYourOwn: 'Zrób własny film w Kadrze',
    reportSummary: 'Zgłoś ten film',
    reason: 'Powód',
    details: 'Szczegóły (opcjonalnie)',
    sendReport: 'Wyślij zgłoszenie',
    reportSent: 'Dziękujemy. Zgłoszenie trafiło do administratora.',
    reasons: {
      spam: 'Spam lub wprowadzanie w błąd',
      sexual: 'Treści seksualne',
      violence: 'Przemoc lub krzywda',
      hate: 'Nienawiść lub nękanie',
      copyright: 'Naruszenie praw autorskich',
      other: 'Coś innego',
    },
    notFoundTitle: 'Ten udostępniony film jest niedostępny',
    notFoundBody: 'Link mógł wygasnąć albo właściciel go unieważnił.',
    goToKadr: 'Przejdź do Kadru',
    thanksTitle: 'Dziękujemy za zgłoszenie',
    thanksBody: 'Administrator się nim zajmie.',
    backToVideo: 'Wróć do filmu',
  },
};
