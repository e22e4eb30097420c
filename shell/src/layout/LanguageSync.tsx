import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { detectLanguage, languageFromPath, setLanguage } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';

/**
 * Keeps i18next (and <html lang>) on the language a person chose: a path in `/en` or `/fr` is a
 * choice (the home page they read, the switch on a content page), remembered so that the app
 * pages, which have no prefix, go on in it, across navigations and reloads; then the stored
 * choice (the footer switch on app pages); only then the browser's language (SPEC §1).
 */
export function LanguageSync() {
  const { pathname } = useLocation();
  const stored = usePreferencesStore((s) => s.language);
  useEffect(() => {
    const fromPath = languageFromPath(pathname);
    if (fromPath && fromPath !== stored) usePreferencesStore.getState().setLanguage(fromPath);
    void setLanguage(detectLanguage(pathname, { stored }));
  }, [pathname, stored]);
  return null;
}
