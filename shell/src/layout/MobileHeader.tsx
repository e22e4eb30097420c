import { NavLink, Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@wishlist/i18n';
import { hasSession, useSessionStore } from '@wishlist/stores';
import { RemoteWidget } from '../federation/RemotePage';
import { mobileHeaderSlots } from './headerSlots';
import { Logo } from './Logo';

/** SPEC §2 mobile header: home-site link, tabs Products / Lists or Log in, basket slot. */
export function MobileHeader() {
  const { t } = useTranslation('common');
  const signedIn = useSessionStore((s) => hasSession(s));
  const lang = currentLanguage();
  const defaultListId = useSessionStore((s) => s.defaultListId);
  const productsTo = defaultListId ? `/product-list/${encodeURIComponent(defaultListId)}` : '/';
  const slots = mobileHeaderSlots.filter((s) => s.when === 'always' || signedIn);
  return (
    <div className="shell-header__mobile">
      <div className="shell-header__bar shell-container">
        <Link to={`/${lang}`} className="shell-brand" aria-label={t('header.home')}>
          <Logo />
          <span className="shell-brand__name">{t('header.brand')}</span>
        </Link>
        {slots.map((s) => (
          <div key={s.key} className={`shell-header__slot shell-header__slot--${s.key}`}>
            <RemoteWidget module={s.module} />
          </div>
        ))}
      </div>
      <nav className="shell-tabs" aria-label={t('a11y.mobileTabs')}>
        <NavLink to={productsTo} end={!defaultListId} className="shell-tabs__tab">
          {t('header.tabs.products')}
        </NavLink>
        {signedIn ? (
          <NavLink to="/product-lists" className="shell-tabs__tab">
            {t('header.tabs.lists')}
          </NavLink>
        ) : (
          <NavLink to="/authenticate" className="shell-tabs__tab">
            {t('header.tabs.login')}
          </NavLink>
        )}
      </nav>
    </div>
  );
}
