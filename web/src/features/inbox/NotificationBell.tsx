import { useQuery } from '@tanstack/react-query';
import { inboxQuery } from './inbox-actions';
import { InboxMenu } from './InboxMenu';
import { useInboxLive } from './use-inbox-live';
import './inbox.css';

/**
 * The top bar's bell (issue 20) for the signed-in user: the unread count from the inbox (read from
 * the server, kept current by the live stream), opening the inbox. Mounted once in the shell, it is
 * also where the inbox follows the stream (`useInboxLive`). The top bar loads it right after the
 * first paint (`DeferredNotificationBell`): the inbox's code is not part of the first download.
 */
export function NotificationBell() {
  useInboxLive();
  // Read here, in the component the query belongs to (its result tracks what its own render reads).
  const { data, isPending, isError, refetch } = useQuery(inboxQuery);
  return <InboxMenu inbox={{ data, isPending, isError, retry: () => void refetch() }} />;
}
