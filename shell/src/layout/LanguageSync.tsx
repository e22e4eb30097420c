import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { detectLanguage, setLanguage } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';

/** Keeps i18next (and <html lang>) on the language of the path, else the stored preference. */
export function LanguageSync() {
  const { pathname } = useLocation();
  const stored = usePreferencesStore((s) => s.language);
  useEffect(() => {
    void setLanguage(detectLanguage(pathname, { stored }));
  }, [pathname, stored]);
  return null;
}
