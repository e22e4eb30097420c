import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signOut } from '@wishlist/api-client';
import { Button } from '@wishlist/ui';
import { AccountIcon, SignOutIcon } from '../components/Icons';
import { useAuthT } from '../i18n';
import '../styles/auth.css';

/**
 * Header widget (slot `account`, signed in only): the link to the account page (devices, account
 * deletion) and the sign-out control. Logout revokes the token (DELETE /api/tokens), forgets it
 * and the default list, and goes to `/` (SPEC §4).
 */
export default function HeaderAccount() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    void signOut();
    navigate('/');
  };
  return (
    <span className="auth-header">
      <Link to="/account" className="auth-account-link" title={t('header.account')}>
        <span className="auth-account-link__icon" aria-hidden="true">
          <AccountIcon />
        </span>
        <span className="auth-account-link__text">{t('header.account')}</span>
      </Link>
      <Button variant="ghost" size="sm" className="auth-signout" onClick={onClick} loading={busy} icon={<SignOutIcon />}>
        {t('header.signOut')}
      </Button>
    </span>
  );
}
