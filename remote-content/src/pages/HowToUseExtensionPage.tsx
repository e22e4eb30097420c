import { GuidePage } from '../components/GuidePage';
import { ExtensionIllustration } from '../components/Illustrations';
import { useContent } from '../i18n';
import '../styles/content.css';

export default function HowToUseExtensionPage() {
  const { t } = useContent();
  return (
    <GuidePage guide="extension" page="extension" illustration={<ExtensionIllustration label={t('home.extension.alt')} />} />
  );
}
