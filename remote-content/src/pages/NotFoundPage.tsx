import { Link } from 'react-router-dom';
import { GuideLinks } from '../components/GuideLinks';
import { useDocumentTitle } from '../components/hooks';
import { useContent } from '../i18n';
import '../strings/common';
import '../strings/notFound';
import { appRoutes, contentPath } from '../routes';
import '../styles/content.css';

export default function NotFoundPage() {
  const { t, lang } = useContent();
  useDocumentTitle(t('notFound.documentTitle'), t('common.siteName'));
  return (
    <div className="content-page content-not-found">
      <svg className="content-not-found-art" aria-hidden="true" focusable="false" viewBox="0 0 240 120">
        <rect x="20" y="10" width="200" height="100" rx="20" className="content-svg-soft" />
        <path d="M92 46h56l-7 52H99Z" className="content-svg-accent" />
        <path d="M106 46v-8a14 14 0 0 1 28 0v8" className="content-svg-stroke" fill="none" />
        <text x="120" y="84" textAnchor="middle" className="content-svg-404">
          ?
        </text>
      </svg>
      <h1 className="content-title">{t('notFound.title')}</h1>
      <p className="content-lead">{t('notFound.text')}</p>
      <p className="content-actions">
        <Link to={appRoutes.start} className="content-button">
          {t('notFound.lists')}
        </Link>
        <Link to={contentPath('home', lang)} className="content-button content-button--secondary">
          {t('notFound.home')}
        </Link>
      </p>
      <GuideLinks />
    </div>
  );
}
