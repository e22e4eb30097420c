import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, isSignedOutError, signOut } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { AlertIcon, TrashIcon } from '../components/Icons';
import { useAuthT } from '../i18n';

/**
 * `/delete-account` (login required, reason account-deletion): title, text, call to action and
 * warning; a confirmation dialog; then anonymize (DELETE /api/accounts), notify the outcome, and
 * always log out and go to `/` (SPEC §4).
 */
export default function DeleteAccountPage() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
      notify({ type: 'success', message: t('notifications.deletionSuccess'), id: 'account-deletion' });
    } catch (e) {
      // A session the server had already ended: the sign-in prompt says so.
      if (isSignedOutError(e)) return;
      notify({ type: 'error', message: t('notifications.deletionFailure'), id: 'account-deletion' });
    }
    // Local logout and navigation in the same tick: the login guard never sees this page signed out.
    void signOut();
    navigate('/', { replace: true });
  };

  return (
    <AuthPage title={t('deleteAccount.title')} documentTitle={t('deleteAccount.documentTitle')} icon={<TrashIcon />} tone="danger">
      <p className="auth-lead">{t('deleteAccount.text')}</p>
      <div className="auth-warning">
        <span className="auth-warning__icon" aria-hidden="true">
          <AlertIcon />
        </span>
        <p>{t('deleteAccount.warning')}</p>
      </div>
      <p className="auth-actions">
        <Button variant="danger" size="lg" onClick={() => setConfirming(true)} loading={deleting}>
          {t('deleteAccount.cta')}
        </Button>
      </p>
      <ConfirmDialog
        open={confirming}
        title={t('deleteAccount.confirmTitle')}
        confirmLabel={t('deleteAccount.confirm')}
        cancelLabel={t('deleteAccount.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        busy={deleting}
      >
        <p>{t('deleteAccount.confirmText')}</p>
      </ConfirmDialog>
    </AuthPage>
  );
}
