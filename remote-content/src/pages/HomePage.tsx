import type { ReactElement } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { signalFirstViewReady } from '@wishlist/contracts';
import { GuideLinks } from '../components/GuideLinks';
import { asArray, useDocumentTitle } from '../components/hooks';
import { AddProductIllustration, ExtensionIllustration, RegisterIllustration, ShareIllustration } from '../components/Illustrations';
import { RotatingHeadline } from '../components/RotatingHeadline';
import { useContent } from '../i18n';
import '../strings/common';
import '../strings/home';
import { appRoutes, contentPath } from '../routes';
import '../styles/content.css';
import './HomePage.css';

interface Step {
  title: string;
  text: string;
  alt: string;
}

const STEP_ILLUSTRATIONS: Array<(p: { label: string }) => ReactElement> = [
  RegisterIllustration,
  AddProductIllustration,
  ShareIllustration,
];

export default function HomePage() {
  const { t, lang } = useContent();
  useDocumentTitle(t('home.documentTitle'), t('common.siteName'));
  const steps = asArray<Step>(t('home.steps', { returnObjects: true }));
  // The page is on screen: the shell may swap the server's snapshot for it.
  useEffect(() => signalFirstViewReady(), []);

  return (
    <div className="content-page content-home">
      <section className="content-hero">
        <RotatingHeadline />
        <p className="content-lead content-hero-lead">{t('home.intro')}</p>
        <p className="content-hero-actions">
          <Link to={appRoutes.start} className="content-button content-button--large">
            {t('common.start')}
          </Link>
          <span className="content-hero-note">{t('home.startNote')}</span>
        </p>
      </section>

      <section className="content-section content-home-steps" aria-labelledby="content-home-steps-title">
        <h2 id="content-home-steps-title" className="content-section-title content-center">
          {t('home.stepsTitle')}
        </h2>
        <ol className="content-cards" role="list">
          {steps.map((step, i) => {
            const Illustration = STEP_ILLUSTRATIONS[i] ?? RegisterIllustration;
            return (
              <li key={step.title} className="content-card">
                <Illustration label={step.alt} />
                <p className="content-card-step">{t('common.step', { number: i + 1 })}</p>
                <h3 className="content-card-title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <section className="content-promo" aria-labelledby="content-home-extension-title">
        <ExtensionIllustration label={t('home.extension.alt')} className="content-promo-illustration" />
        <div className="content-promo-body">
          <h2 id="content-home-extension-title" className="content-section-title">
            {t('home.extension.title')}
          </h2>
          <p>{t('home.extension.text')}</p>
          <Link to={contentPath('extension', lang)} className="content-button">
            {t('home.extension.cta')}
          </Link>
        </div>
      </section>

      <section className="content-promo content-promo--plain" aria-labelledby="content-home-android-title">
        <div className="content-promo-body">
          <h2 id="content-home-android-title" className="content-section-title">
            {t('home.android.title')}
          </h2>
          <p>{t('home.android.text')}</p>
          <Link to={contentPath('android', lang)} className="content-button content-button--secondary">
            {t('home.android.cta')}
          </Link>
        </div>
      </section>

      <GuideLinks extra={['privacy']} />
    </div>
  );
}
