import { Skeleton } from '../../ui';
import './admin-shared.css';

export interface AdminListLoadingProps {
  /** Said once to assistive technology ("Loading users…"); the skeletons themselves are silent. */
  label: string;
  rows: number;
  /** Text lines per skeleton row, roughly the height of one record. */
  linesPerRow: number;
}

/** The placeholder an admin list shows while its first page loads. */
export function AdminListLoading({ label, rows, linesPerRow }: AdminListLoadingProps) {
  return (
    <div className="admin-list-loading">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} shape="text" lines={linesPerRow} />
      ))}
    </div>
  );
}
