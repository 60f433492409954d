import type { LanguageCode } from '@kadr/contracts';
import type { StoredNotification } from '../inbox/notification';

/** Why credits came back, in plain words — the same words as the web app's receipts (billing messages). */
const REFUND_REASONS: Record<LanguageCode, Record<string, string> & { failed: string }> = {
  en: {
    output_check: 'the video failed our quality check',
    marked_failed: 'stopped by our support team',
    aiproxy_error: 'the provider failed',
    timeout: 'the render took too long',
    failed: 'the generation failed',
  },
  pl: {
    output_check: 'film nie przeszedł naszej kontroli jakości',
    marked_failed: 'zatrzymane przez nasz zespół wsparcia',
    aiproxy_error: 'błąd po stronie dostawcy',
    timeout: 'renderowanie trwało za długo',
    failed: 'generowanie się nie powiodło',
  },
};

const TEXTS = {
  en: {
    completedSubject: 'Your video is ready',
    completedIntro: 'Your video is ready to watch.',
    failedSubject: 'Your video could not be made — your credits are back',
    failedIntro: (reason: string) =>
      `We could not make your video (${reason}). The credits it held are back in your balance.`,
    prompt: 'Prompt',
    open: 'Open it in Kadr',
    why: 'You get this e-mail because a video finished after you had left Kadr.',
    unsubscribe: 'Stop these e-mails',
  },
  pl: {
    completedSubject: 'Twój film jest gotowy',
    completedIntro: 'Twój film jest gotowy do obejrzenia.',
    failedSubject: 'Nie udało się utworzyć filmu — kredyty wróciły na konto',
    failedIntro: (reason: string) =>
      `Nie udało się utworzyć Twojego filmu (${reason}). Zablokowane kredyty wróciły na Twoje saldo.`,
    prompt: 'Opis',
    open: 'Otwórz w Kadr',
    why: 'Otrzymujesz tę wiadomość, bo film został ukończony, gdy nie było Cię już w Kadr.',
    unsubscribe: 'Nie wysyłaj mi tych wiadomości',
  },
} as const;

export interface JobFinishedMailInput {
  notification: StoredNotification;
  language: LanguageCode;
  /** The job's page, e.g. https://kadr.example/jobs/<id>. */
  jobUrl: string;
  /** The page behind the unsubscribe link (asks before turning e-mail off). */
  unsubscribeUrl: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail telling that a video finished, in the user's language (text and HTML alike). */
export function jobFinishedMail({ notification, language, jobUrl, unsubscribeUrl }: JobFinishedMailInput): MailContent {
  const t = TEXTS[language];
  const reasons = REFUND_REASONS[language];
  const completed = notification.kind === 'job_completed';
  const subject = completed ? t.completedSubject : t.failedSubject;
  const intro = completed ? t.completedIntro : t.failedIntro(reasons[notification.reason ?? ''] ?? reasons.failed);
  const promptLine = notification.prompt ? `${t.prompt}: “${notification.prompt}”` : '';
  const text = [intro, promptLine, `${t.open}: ${jobUrl}`, '', '—', t.why, `${t.unsubscribe}: ${unsubscribeUrl}`]
    .filter((line, i) => line !== '' || i === 3)
    .join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(intro)}</p>`,
    promptLine ? `<p><strong>${escapeHtml(t.prompt)}:</strong> “${escapeHtml(notification.prompt)}”</p>` : '',
    `<p><a href="${escapeHtml(jobUrl)}">${escapeHtml(t.open)}</a></p>`,
    `<hr><p style="font-size:small;color:#555">${escapeHtml(t.why)} `,
    `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
