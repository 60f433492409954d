import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGES, type Language } from '../../config/constants';
import { formatDate } from '../../i18n/format';
import { currentLanguage, isLanguage, setLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import type { LegalBlock, LegalDocument } from './legal-document';
import { LegalText } from './LegalText';
import { publicSharedMessages } from './messages';
import { PublicLayout } from './PublicLayout';
import { useScrollToHash } from './use-scroll-to-hash';
import './legal.css';

export interface LegalPageProps {
  documents: Record<Language, LegalDocument>;
  /** The other legal page, linked at the end. */
  related: { to: string; label: 'privacy' | 'terms' };
}

/**
 * A legal text in the interface language, with a table of contents and a link to the other
 * language version (`?lang=en` / `?lang=pl`: a shareable address for each version, which also
 * switches the interface to that language).
 */
export function LegalPage({ documents, related }: LegalPageProps) {
  const { t, i18n } = useMessages('publicShared', publicSharedMessages);
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('lang');

  useEffect(() => {
    if (isLanguage(requested) && requested !== currentLanguage()) void setLanguage(requested);
  }, [requested]);

  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  const other = LANGUAGES.find((code) => code !== language) ?? language;
  const doc = documents[language];
  const hasPlaceholders = JSON.stringify(doc).includes('[[');

  useScrollToHash();

  useEffect(() => {
    document.title = `${doc.title} — Kadr`;
  }, [doc.title]);

  return (
    <PublicLayout>
      <article className="legal" lang={language} aria-labelledby="legal-title">
        <header className="legal__header">
          <h1 id="legal-title" className="legal__title">
            {doc.title}
          </h1>
          <p className="legal__updated">{t('legal.updated', { date: formatDate(doc.updated) })}</p>
          <p className="legal__lead">{doc.lead}</p>
          {hasPlaceholders && <p className="legal__note">{t('legal.placeholderNote')}</p>}
          {/* The link is named by its words in the other language (`lang` tells a screen reader so; a label in
              this language would hide what a voice user reads out: WCAG 2.5.3); the hint in this language describes it. */}
          <p className="legal__other-language">
            <Link to={`?lang=${other}`} lang={other} hrefLang={other} aria-describedby="legal-other-language-hint">
              {t('legal.otherLanguage')}
            </Link>
            <span id="legal-other-language-hint" className="visually-hidden">
              {t('legal.otherLanguageHint')}
            </span>
          </p>
        </header>

        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal__toc-title">
            {t('legal.contents')}
          </h2>
          <ol className="legal__toc-list">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="legal__body">
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-h`}>
              <h2 id={`${section.id}-h`} className="legal__heading">
                {section.heading}
              </h2>
              {section.blocks.map((block, index) => (
                <LegalBlockView key={index} block={block} />
              ))}
            </section>
          ))}
        </div>

        <footer className="legal__footer">
          <Link to={related.to}>{t(`legal.related.${related.label}`)}</Link>
          <a href="#legal-title">{t('legal.backToTop')}</a>
        </footer>
      </article>
    </PublicLayout>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'p':
      return (
        <p className="legal__p">
          <LegalText text={block.text} />
        </p>
      );
    case 'h3':
      return <h3 className="legal__subheading">{block.text}</h3>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className="legal__list">
          {block.items.map((item, index) => (
            <li key={index}>
              <LegalText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <div className="legal__table-wrap" role="region" aria-label={block.caption} tabIndex={0}>
          <table className="legal__table">
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {/^[\w.]+$/.test(cell) ? <code>{cell}</code> : cell}
                      </th>
                    ) : (
                      <td key={index} data-label={block.head[index]}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'operator':
      return (
        <aside className="legal__operator" aria-label={block.title}>
          <p className="legal__operator-title">{block.title}</p>
          <ul>
            {block.lines.map((line) => (
              <li key={line}>
                <LegalText text={line} />
              </li>
            ))}
          </ul>
        </aside>
      );
  }
}
