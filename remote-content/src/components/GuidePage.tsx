import type { ReactNode } from 'react';
import { useContent } from '../i18n';
import '../strings/common';
import '../strings/guides';
import type { ContentPage } from '../routes';
import { GuideLinks } from './GuideLinks';
import { asArray, useDocumentTitle } from './hooks';
import { Rich } from './Rich';
import { Steps } from './Steps';
import { TableOfContents } from './TableOfContents';

interface GuideSection {
  id: string;
  title: string;
  steps?: string[];
  paragraphs?: string[];
  items?: string[];
  tip?: string;
}

/** The three text guides share one shape in the translations: `guides.<name>`. */
export function GuidePage({
  guide,
  page,
  illustration,
}: {
  guide: 'addProduct' | 'extension' | 'share';
  page: ContentPage;
  illustration?: ReactNode;
}) {
  const { t } = useContent();
  const base = `guides.${guide}`;
  useDocumentTitle(t(`${base}.documentTitle`), t('common.siteName'));
  const sections = asArray<GuideSection>(t(`${base}.sections`, { returnObjects: true }));
  return (
    <article className="content-page content-guide">
      <header className="content-guide-header">
        <div className="content-guide-heading">
          <h1 className="content-title">{t(`${base}.title`)}</h1>
          <p className="content-lead">{t(`${base}.intro`)}</p>
        </div>
        {illustration && <div className="content-guide-illustration">{illustration}</div>}
      </header>
      <TableOfContents id={`${guide}-toc-title`} title={t('guides.onThisPage')} sections={sections} />
      {sections.map((s, i) => {
        const key = `${base}.sections.${i}`;
        return (
          <section key={s.id} id={s.id} className="content-section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`} className="content-section-title">
              {s.title}
            </h2>
            {asArray<string>(s.paragraphs).map((_, j) => (
              <p key={j}>
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
            {s.steps && <Steps keys={s.steps.map((_, j) => `${key}.steps.${j}`)} />}
            {s.tip && (
              <p className="content-tip">
                <strong className="content-tip-label">{t('guides.tip')} </strong>
                <Rich k={`${key}.tip`} />
              </p>
            )}
          </section>
        );
      })}
      <p className="content-after">
        <Rich k={`${base}.after`} />
      </p>
      <GuideLinks current={page} />
    </article>
  );
}
