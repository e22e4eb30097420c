import { memo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, languageFromPath, localizedPath, setLanguage, switchLanguagePath, type Language } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';

// Memoized (no props): the layout above renders again as the first view settles (viewport,
// hydration); this part follows only its own hooks (route, session, language).
export const Footer = memo(function Footer() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const lang = currentLanguage();

  const switchTo = (target: Language) => {
    const current = location.pathname + location.search + location.hash;
    if (languageFromPath(location.pathname)) {
      navigate(switchLanguagePath(current, target));
    } else {
      // App pages have no language prefix: the choice is remembered instead.
      usePreferencesStore.getState().setLanguage(target);
      void setLanguage(target);
    }
  };

  return (
    <footer className="shell-footer">
      <div className="shell-container shell-footer__grid">
        <nav aria-label={t('footer.account')} className="shell-footer__col">
          <h2 className="shell-footer__title">{t('footer.account')}</h2>
          <ul>
            <li>
              <Link to={localizedPath('privacy', lang)}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/my-gifts">{t('footer.myGifts')}</Link>
            </li>
            <li>
              <Link to="/delete-account">{t('footer.deleteAccount')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.help')} className="shell-footer__col">
          <h2 className="shell-footer__title">{t('footer.help')}</h2>
          <ul>
            <li>
              <Link to={localizedPath('howToAddProduct', lang)}>{t('footer.howToAddProduct')}</Link>
            </li>
            <li>
              <Link to={localizedPath('howToUseExtension', lang)}>{t('footer.howToUseExtension')}</Link>
            </li>
            <li>
              <Link to={localizedPath('howToShare', lang)}>{t('footer.howToShare')}</Link>
            </li>
            <li>
              <Link to="/how-to-use-android-app">{t('footer.androidApp')}</Link>
            </li>
          </ul>
        </nav>
        <div className="shell-footer__col">
          <h2 className="shell-footer__title" id="shell-language-title">
            {t('footer.language')}
          </h2>
          <div className="shell-lang" role="group" aria-labelledby="shell-language-title">
            {LANGUAGES.map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                className="shell-lang__option"
                aria-pressed={l === lang}
                aria-label={t(`languages.${l}`)}
                onClick={() => switchTo(l)}
              >
                {l.toUpperCase()}
              </button>
            ))}
          </div>
        </div>
      </div>
      <p className="shell-container shell-footer__legal">
        © {new Date().getFullYear()} {t('footer.copyright')}
      </p>
    </footer>
  );
});
