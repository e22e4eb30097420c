import { memo } from 'react';
import { NavLink, Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@wishlist/i18n';
import { hasSession, isSessionKnown, useSessionStore } from '@wishlist/stores';
import { RemoteWidget } from '../federation/RemotePage';
import { mobileHeaderSlots, useHeaderSlots } from './headerSlots';
import { Logo } from './Logo';

/** Every route that shows a list's products: the caller's slider, a shared list, its favorite link. */
const LIST_ROUTE = /^\/(product-list|see)\//;

/**
 * SPEC §2 mobile header: home-site link, tabs Products / Lists or Log in, basket slot. The Products
 * tab is the current one on every list route (any list, a shared one); while a stored bearer is
 * being checked the second tab is a neutral placeholder, neither Lists nor Log in.
 *
 * Memoized (no props): the layout above renders again as the first view settles (viewport,
 * hydration); the header follows only its own hooks (route, session, language).
 */
export const MobileHeader = memo(function MobileHeader() {
  const { t } = useTranslation('common');
  const signedIn = useSessionStore((s) => hasSession(s));
  const known = useSessionStore((s) => isSessionKnown(s));
  const { pathname } = useLocation();
  const lang = currentLanguage();
  const defaultListId = useSessionStore((s) => s.defaultListId);
  const productsTo = defaultListId ? `/product-list/${encodeURIComponent(defaultListId)}` : '/';
  const productsActive = LIST_ROUTE.test(pathname) || pathname === productsTo;
  const slots = useHeaderSlots(mobileHeaderSlots, signedIn);
  return (
    <div className="shell-header__mobile">
      <div className="shell-header__bar shell-container">
        <Link to={`/${lang}`} className="shell-brand" aria-label={t('header.home')}>
          <Logo />
          <span className="shell-brand__name">{t('header.brand')}</span>
        </Link>
        {slots.map(({ slot, skip }) => (
          <div key={slot.key} className={`shell-header__slot shell-header__slot--${slot.key}`}>
            <RemoteWidget module={slot.module} skip={skip} />
          </div>
        ))}
      </div>
      <nav className="shell-tabs" aria-label={t('a11y.mobileTabs')}>
        <Link to={productsTo} className={`shell-tabs__tab${productsActive ? ' active' : ''}`} aria-current={productsActive ? 'page' : undefined}>
          {t('header.tabs.products')}
        </Link>
        {!signedIn && !known ? (
          <span className="shell-tabs__tab shell-tabs__tab--pending" aria-hidden="true" data-testid="session-pending" />
        ) : signedIn ? (
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
});
