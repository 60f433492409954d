import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationView } from '../../api/answer-types';
import { showBrowserNotification } from './browser-notifications';
import { followInboxLive } from './follow-inbox-live';
import { markRead, readNotificationPreferences } from './inbox-actions';
import { startTitleCount } from './title-count';
import { useNotificationText } from './use-notification-text';

/** A video's page. */
export const jobPath = (jobId: string): string => `/jobs/${encodeURIComponent(jobId)}`;

/**
 * The signed-in shell's part of issue 20's "tell me when it is done": the cached inbox follows the
 * live stream, and a notification that arrives while the tab is hidden is counted in the tab's
 * title and shown by the browser (when the user wants that and the browser allows it). Clicking the
 * browser's notification marks it read and opens the video's page.
 */
export function useInboxLive(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const text = useNotificationText();
  // The subscription lives as long as the shell; it reads the newest language and router through these.
  const latest = useRef({ navigate, text });
  latest.current = { navigate, text };

  useEffect(() => {
    const titleCount = startTitleCount();
    const open = (notification: NotificationView) => {
      void markRead(queryClient, notification);
      void latest.current.navigate(jobPath(notification.jobId));
    };
    const stop = followInboxLive({
      queryClient,
      onArrival: (notification) => {
        // Seen arriving in a visible tab: nothing to announce (the bell shows it).
        if (document.visibilityState !== 'hidden') return;
        titleCount.add();
        void readNotificationPreferences(queryClient).then((preferences) =>
          showBrowserNotification({
            notification,
            text: latest.current.text.browser(notification),
            wanted: preferences.browser,
            onOpen: open,
          }),
        );
      },
    });
    return () => {
      stop();
      titleCount.stop();
    };
  }, [queryClient]);
}
