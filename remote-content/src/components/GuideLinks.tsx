import { Link } from 'react-router-dom';
import { useContent } from '../i18n';
import '../strings/common';
import { contentPath, type ContentPage } from '../routes';
import { useId } from 'react';

const GUIDES: ContentPage[] = ['addProduct', 'extension', 'share', 'android'];

/** Cross-links between the content pages (every guide but the current one). */
export function GuideLinks({ current, extra = [] }: { current?: ContentPage; extra?: ContentPage[] }) {
  const { t, lang } = useContent();
  const headingId = useId();
  const pages = [...GUIDES, ...extra].filter((p) => p !== current);
  return (
    <nav className="content-guides" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-guides-title">
        {t('common.guidesTitle')}
      </h2>
      <ul className="content-guides-list" role="list">
        {pages.map((page) => (
          <li key={page}>
            <Link className="content-guides-link" to={contentPath(page, lang)}>
              {t(`common.links.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
