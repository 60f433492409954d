import type { AdminDeadLetterTopic } from '@kadr/contracts';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge } from '../../ui';
import { adminDeadLettersMessages } from './messages';

export interface TopicsTableProps {
  topics: readonly AdminDeadLetterTopic[];
  selected: string | null;
  onSelect: (topic: string) => void;
}

/** Every topic with how many of its dead letters wait and how many were handled; a topic is chosen here. */
export function TopicsTable({ topics, selected, onSelect }: TopicsTableProps) {
  const { t } = useMessages('adminDeadLetters', adminDeadLettersMessages);
  return (
    <table className="admin-dlq-topics">
      <caption className="visually-hidden">{t('topics.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('topics.topic')}</th>
          <th scope="col" className="admin-dlq-num">
            {t('topics.pending')}
          </th>
          <th scope="col" className="admin-dlq-num">
            {t('topics.handled')}
          </th>
        </tr>
      </thead>
      <tbody>
        {topics.map(({ topic, pending, handled }) => (
          <tr
            key={topic}
            className={topic === selected ? 'admin-dlq-topic admin-dlq-topic--selected' : 'admin-dlq-topic'}
          >
            <th scope="row">
              <button
                type="button"
                className="admin-dlq-select"
                aria-pressed={topic === selected}
                aria-label={t('topics.select', { topic })}
                onClick={() => onSelect(topic)}
              >
                <code>{topic}</code>
              </button>
            </th>
            <td className="admin-dlq-num">
              {pending > 0 ? <Badge variant="danger">{formatNumber(pending)}</Badge> : formatNumber(pending)}
            </td>
            <td className="admin-dlq-num">{formatNumber(handled)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
