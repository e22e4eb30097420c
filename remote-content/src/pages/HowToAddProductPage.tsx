import { GuidePage } from '../components/GuidePage';
import { AddProductIllustration } from '../components/Illustrations';
import { useContent } from '../i18n';
import '../strings/home';
import '../styles/content.css';

export default function HowToAddProductPage() {
  const { t } = useContent();
  return (
    <GuidePage
      guide="addProduct"
      page="addProduct"
      illustration={<AddProductIllustration label={t('home.steps.1.alt')} />}
    />
  );
}
