import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Button } from '../../ui';
import { galleryMessages } from './messages';

export interface GalleryPagerProps {
  page: number;
  /** Known once the page has loaded. */
  pages: number | null;
  hasNext: boolean;
  loading: boolean;
  onPage: (page: number) => void;
}

/** Prev / Next (spec §2): Prev off on page 1 or while loading; Next off without a next page or while loading. */
export function GalleryPager({ page, pages, hasNext, loading, onPage }: GalleryPagerProps) {
  const { t } = useMessages('gallery', galleryMessages);
  return (
    <nav className="gallery-pager" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <span className="gallery-pager__position" aria-live="polite">
        {pages !== null && t('pager.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button variant="secondary" disabled={!hasNext || loading} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
