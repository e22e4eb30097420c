import { createRoot } from 'react-dom/client';
import '@wishlist/ui/src/ui.css';
import '../styles/extension.css';
import { t, uiLanguage } from '../lib/i18n';
import { Popup } from './Popup';

document.documentElement.lang = uiLanguage();
document.title = t('actionTitle');
createRoot(document.getElementById('root')!).render(<Popup />);
