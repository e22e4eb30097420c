import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasSession, useSessionStore } from '@wishlist/stores';
import { RemoteWidget } from '../federation/RemotePage';
import { desktopHeaderSlots } from './headerSlots';
import { Logo } from './Logo';

export function DesktopHeader() {
  const { t } = useTranslation('common');
  const signedIn = useSessionStore((s) => hasSession(s));
  const slots = desktopHeaderSlots.filter((s) => s.when === 'always' || signedIn);
  return (
    <div className="shell-header__bar shell-container">
      <Link to="/" className="shell-brand">
        <Logo />
        <span className="shell-brand__name">{t('header.brand')}</span>
      </Link>
      <nav className="shell-header__nav" aria-label={t('a11y.mainNav')}>
        <ul className="shell-header__items">
          {slots.map((s) => (
            <li key={s.key} className={`shell-header__slot shell-header__slot--${s.key}`}>
              <RemoteWidget module={s.module} />
            </li>
          ))}
          {!signedIn && (
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
}
