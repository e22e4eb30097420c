import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasSession, isSessionKnown, useSessionStore } from '@wishlist/stores';
import { RemoteWidget } from '../federation/RemotePage';
import { desktopHeaderSlots, useHeaderSlots } from './headerSlots';
import { HeaderMenu } from './HeaderMenu';
import { Logo } from './Logo';
import { useHeaderData } from './useHeaderData';

const listPath = (id: string) => `/product-list/${encodeURIComponent(id)}`;

/**
 * SPEC §2 desktop header: brand; signed in, the add-product and share-list buttons, the lists hover
 * menu (owned lists and an add-list entry), the favorites menu when there are favorites, then the
 * remote widgets (sign-out); signed out, the sign-in link; while a stored bearer is being checked, a
 * neutral placeholder (a signed-in person never sees "Sign in" flash by).
 *
 * Memoized (no props): the layout above renders again as the first view settles (viewport,
 * hydration); the header follows only its own hooks (route, session, language).
 */
export const DesktopHeader = memo(function DesktopHeader() {
  const { t } = useTranslation('common');
  const signedIn = useSessionStore((s) => hasSession(s));
  const known = useSessionStore((s) => isSessionKnown(s));
  const defaultListId = useSessionStore((s) => s.defaultListId);
  const { lists, favorites, loadLists, loadFavorites } = useHeaderData(signedIn);
  const slots = useHeaderSlots(desktopHeaderSlots, signedIn);
  return (
    <div className="shell-header__bar shell-container">
      <Link to="/" className="shell-brand">
        <Logo />
        <span className="shell-brand__name">{t('header.brand')}</span>
      </Link>
      <nav className="shell-header__nav" aria-label={t('a11y.mainNav')}>
        <ul className="shell-header__items">
          {signedIn && defaultListId && (
            <>
              <li>
                <Link to="/create-product" className="ui-button ui-button--primary ui-button--sm">
                  <span aria-hidden="true">+</span>
                  <span className="ui-button__label">{t('header.addProduct')}</span>
                </Link>
              </li>
              <li>
                <Link to={`/share-product-list/${encodeURIComponent(defaultListId)}`} className="ui-button ui-button--secondary ui-button--sm">
                  <span className="ui-button__label">{t('header.share')}</span>
                </Link>
              </li>
              <li>
                <HeaderMenu label={t('header.lists')} onOpen={loadLists}>
                  {lists.map((l) => (
                    <li key={l.id}>
                      <Link to={listPath(l.id)} className="shell-menu__item" title={l.name}>
                        {l.name}
                      </Link>
                    </li>
                  ))}
                  <li className="shell-menu__separator">
                    <Link to="/create-product-list" className="shell-menu__item shell-menu__item--action">
                      <span aria-hidden="true">+ </span>
                      {t('header.addList')}
                    </Link>
                  </li>
                </HeaderMenu>
              </li>
              {favorites.length > 0 && (
                <li>
                  <HeaderMenu label={t('header.favorites')} onOpen={loadFavorites}>
                    {favorites.map((f) => (
                      <li key={f.id}>
                        <Link to={listPath(f.id)} className="shell-menu__item shell-menu__item--favorite" title={f.name}>
                          <span className="shell-menu__name">{f.name}</span>
                          {f.productCount !== undefined && <span className="shell-menu__meta">{t('header.favoriteCount', { count: f.productCount })}</span>}
                        </Link>
                      </li>
                    ))}
                  </HeaderMenu>
                </li>
              )}
            </>
          )}
          {slots.map(({ slot, skip }) => (
            <li key={slot.key} className={`shell-header__slot shell-header__slot--${slot.key}`}>
              <RemoteWidget module={slot.module} skip={skip} />
            </li>
          ))}
          {!signedIn && !known && (
            // A stored bearer being checked: neither "Sign in" nor the signed-in controls yet.
            <li aria-hidden="true" className="shell-session-pending" data-testid="session-pending" />
          )}
          {!signedIn && known && (
            <li>
              <Link to="/authenticate" className="ui-button ui-button--primary ui-button--sm">
                <span className="ui-button__label">{t('header.signIn')}</span>
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
});
