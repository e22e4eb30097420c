import { GuidePage } from '../components/GuidePage';
import { useContent } from '../i18n';
import '../strings/guides';
import popupEn from '../assets/extension-popup-en.png';
import popupFr from '../assets/extension-popup-fr.png';
import '../styles/content.css';

/**
 * The extension guide, with a picture of the real popup in the reader's language (taken by
 * e2e/tests/extension.spec.ts with UPDATE_GUIDE_PICTURES=1).
 */
export default function HowToUseExtensionPage() {
  const { t, lang } = useContent();
  return (
    <GuidePage
      guide="extension"
      page="extension"
      illustration={
        <figure className="content-guide-figure">
          <img src={lang === 'fr' ? popupFr : popupEn} alt={t('guides.extension.pictureAlt')} width={360} height={600} />
          <figcaption>{t('guides.extension.pictureCaption')}</figcaption>
        </figure>
      }
    />
  );
}
