import { GuideLinks } from '../components/GuideLinks';
import { asArray, useDocumentTitle } from '../components/hooks';
import { PhoneMockup, type PhoneLabels, type PhoneScreen } from '../components/PhoneMockup';
import { Rich } from '../components/Rich';
import { Steps } from '../components/Steps';
import { useContent } from '../i18n';
import '../strings/android';
import '../strings/common';
import { isNativeShell } from '../platform';
import '../styles/content.css';
import './AndroidHowToPage.css';

interface Step {
  title: string;
  text: string;
  alt: string;
}

const SCREENS: PhoneScreen[] = ['product', 'share', 'shareSheet', 'form', 'save'];

/** `/how-to-use-android-app`: not prefixed, the language comes from i18next. */
export default function AndroidHowToPage() {
  const { t } = useContent();
  useDocumentTitle(t('android.documentTitle'), t('common.siteName'));
  const steps = asArray<Step>(t('android.steps', { returnObjects: true }));
  const installSteps = asArray<string>(t('android.install.steps', { returnObjects: true }));
  const labels = t('android.mockup', { returnObjects: true }) as unknown as PhoneLabels;
  // Inside the Android app itself, installing it is pointless.
  const native = isNativeShell();

  return (
    <article className="content-page content-android">
      <header className="content-guide-header">
        <div className="content-guide-heading">
          <h1 className="content-title">{t('android.title')}</h1>
          <p className="content-lead">{t('android.intro')}</p>
        </div>
      </header>

      {!native && (
        <section className="content-section content-android-install" aria-labelledby="content-android-install-title" data-testid="android-install">
          <div className="content-android-install-text">
            <h2 id="content-android-install-title" className="content-section-title">
              {t('android.install.title')}
            </h2>
            <Steps keys={installSteps.map((_, i) => `android.install.steps.${i}`)} />
          </div>
          <figure className="content-figure">
            <PhoneMockup screen="install" label={t('android.install.alt')} labels={labels} />
            <figcaption>{t('android.install.caption')}</figcaption>
          </figure>
        </section>
      )}

      <section className="content-section" aria-labelledby="content-android-steps-title">
        <h2 id="content-android-steps-title" className="content-section-title">
          {t('android.stepsTitle')}
        </h2>
        <ol className="content-android-steps" role="list">
          {steps.map((step, i) => (
            <li key={step.title} className="content-android-step">
              <h3 className="content-android-step-heading">
                <span className="content-android-step-number">{t('common.step', { number: i + 1 })}</span>
                <span className="content-visually-hidden">: </span>
                <span className="content-android-step-title">{step.title}</span>
              </h3>
              <figure className="content-figure">
                <PhoneMockup screen={SCREENS[i] ?? 'product'} label={step.alt} labels={labels} />
                <figcaption>
                  <Rich k={`android.steps.${i}.text`} />
                </figcaption>
              </figure>
            </li>
          ))}
        </ol>
      </section>

      <p className="content-after">
        <Rich k="android.after" />
      </p>
      <GuideLinks current="android" />
    </article>
  );
}
