import { GuidePage } from '../components/GuidePage';
import { ShareIllustration } from '../components/Illustrations';
import { useContent } from '../i18n';
import '../strings/home';
import '../styles/content.css';

export default function HowToShareWishlistPage() {
  const { t } = useContent();
  return <GuidePage guide="share" page="share" illustration={<ShareIllustration label={t('home.steps.2.alt')} />} />;
}
