import { GuideLinks } from '../components/GuideLinks';
import { asArray, useDocumentTitle } from '../components/hooks';
import { Rich } from '../components/Rich';
import { TableOfContents } from '../components/TableOfContents';
import { useContent } from '../i18n';
import '../strings/common';
import '../strings/privacy';
import '../styles/content.css';

interface PolicySection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
}

export default function PrivacyPolicyPage() {
  const { t } = useContent();
  useDocumentTitle(t('privacy.documentTitle'), t('common.siteName'));
  const intro = asArray<string>(t('privacy.intro', { returnObjects: true }));
  const sections = asArray<PolicySection>(t('privacy.sections', { returnObjects: true }));

  return (
    <article className="content-page content-policy">
      <header className="content-policy-header">
        <h1 className="content-title">{t('privacy.title')}</h1>
        <p className="content-updated">
          <Rich k="privacy.lastUpdated" />
        </p>
        {intro.map((_, i) => (
          <p key={i} className={i === 0 ? 'content-lead' : undefined}>
            <Rich k={`privacy.intro.${i}`} />
          </p>
        ))}
      </header>

      <TableOfContents id="content-policy-toc-title" title={t('privacy.contentsTitle')} sections={sections} columns />

      {sections.map((s, i) => {
        const key = `privacy.sections.${i}`;
        return (
          <section key={s.id} id={s.id} className="content-section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`} className="content-section-title">
              {i + 1}. {s.title}
            </h2>
            {asArray<string>(s.paragraphs).map((_, j) => (
              <p key={`p${j}`}>
                <Rich k={`${key}.paragraphs.${j}`} />
              </p>
            ))}
            {s.items && (
              <ul className="content-bullets">
                {s.items.map((_, j) => (
                  <li key={j}>
                    <Rich k={`${key}.items.${j}`} />
                  </li>
                ))}
              </ul>
            )}
            {asArray<string>(s.after).map((_, j) => (
              <p key={`a${j}`}>
                <Rich k={`${key}.after.${j}`} />
              </p>
            ))}
          </section>
        );
      })}
      <GuideLinks />
    </article>
  );
}
