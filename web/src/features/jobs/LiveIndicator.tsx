import { useLiveConnected } from '../../live';
import { useMessages } from '../../i18n/use-messages';
import { jobsMessages } from './messages';

/** Whether live progress is flowing (the event stream is open), as a dot and a word. */
export function LiveIndicator() {
  const { t } = useMessages('jobs', jobsMessages);
  const connected = useLiveConnected();
  return (
    <span role="status" className={['jobs-live', connected ? 'jobs-live--on' : 'jobs-live--off'].join(' ')}>
      <span className="jobs-live__dot" aria-hidden="true" />
      {connected ? t('live.connected') : t('live.disconnected')}
      <span className="visually-hidden">
        {' — '}
        {connected ? t('live.connectedHint') : t('live.disconnectedHint')}
      </span>
    </span>
  );
}
