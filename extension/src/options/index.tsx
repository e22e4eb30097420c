import { createRoot } from 'react-dom/client';
import '@wishlist/ui/src/ui.css';
import '../styles/extension.css';
import { t, uiLanguage } from '../lib/i18n';
import { Options } from './Options';

document.documentElement.lang = uiLanguage();
document.title = t('optionsTitle');
createRoot(document.getElementById('root')!).render(<Options />);
