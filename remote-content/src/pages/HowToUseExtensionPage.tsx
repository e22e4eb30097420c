import { GuidePage } from '../components/GuidePage';
import { useContent } from '../i18n';
import popupPicture from '../assets/extension-popup-en.png';
import '../styles/content.css';

/** The extension guide, with a picture of the real popup (taken by e2e/tests/extension.spec.ts). */
export default function HowToUseExtensionPage() {
  const { t } = useContent();
  return (
    <GuidePage
      guide="extension"
      page="extension"
      illustration={
        <figure className="content-guide-figure">
          <img src={popupPicture} alt={t('guides.extension.pictureAlt')} width={360} height={600} />
          <figcaption>{t('guides.extension.pictureCaption')}</figcaption>
        </figure>
      }
    />
  );
}
