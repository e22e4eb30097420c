import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';
import { App } from './App';
import './styles/global.css';

initI18n(detectLanguage(location.pathname, { stored: usePreferencesStore.getState().language }));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
