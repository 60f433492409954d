import { useCallback, useMemo } from 'react';
import type { NotificationView } from '../../api/answer-types';
import { useMessages } from '../../i18n/use-messages';
import { useRefundText } from '../billing/use-refund-text';
import { inboxMessages } from './messages';

export interface NotificationText {
  /** The inbox's line: "Your video is ready: “a fox”", "Your video failed — the provider failed; …". */
  headline: (notification: NotificationView) => string;
  /** Under a failed video's headline: its prompt (null when the prompt is empty or already in the headline). */
  detail: (notification: NotificationView) => string | null;
  /** The browser notification's title and body. */
  browser: (notification: NotificationView) => { title: string; body: string };
}

/** A notification in words, in the current language; why a video failed in the credit history's plain words. */
export function useNotificationText(): NotificationText {
  const { t } = useMessages('inbox', inboxMessages);
  const { reason } = useRefundText();

  const headline = useCallback(
    ({ kind, prompt, reason: code }: NotificationView) => {
      if (kind === 'job_failed') return t('item.failed', { reason: reason(code) });
      const text = prompt.trim();
      return text ? t('item.ready', { prompt: text }) : t('item.readyUntitled');
    },
    [t, reason],
  );
  const detail = useCallback(
    ({ kind, prompt }: NotificationView) =>
      kind === 'job_failed' && prompt.trim() ? t('item.prompt', { prompt: prompt.trim() }) : null,
    [t],
  );
  const browser = useCallback(
    ({ kind, prompt, reason: code }: NotificationView) => {
      if (kind === 'job_failed') {
        return { title: t('browser.failedTitle'), body: t('browser.failedBody', { reason: reason(code) }) };
      }
      const text = prompt.trim();
      return {
        title: t('browser.readyTitle'),
        body: text ? t('browser.readyBody', { prompt: text }) : t('browser.readyBodyUntitled'),
      };
    },
    [t, reason],
  );
  return useMemo(() => ({ headline, detail, browser }), [headline, detail, browser]);
}
