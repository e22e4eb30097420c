import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { getTokenState } from '@wishlist/api-client';
import { notify, useSessionStore } from '@wishlist/stores';
import { Spinner } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { MailSentIcon } from '../components/Icons';
import { useAuthT } from '../i18n';
import { TOKEN_POLL_MS, destinationAfterSignIn, pendingEmail, signInSuccessKey } from '../lib/flow';

/**
 * `/check-your-emails`: waits for the link to be opened (here or on another device), polling the
 * token every 2 s while mounted. Validated: notification, then the stored redirect or the default
 * list. A dead token (410, 401…): `/validate-email-failed/unknown`. Other failures keep waiting.
 */
export default function CheckYourEmailsPage() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const location = useLocation();
  const tokenName = useSessionStore((s) => s.token?.name);
  const bearer = useSessionStore((s) => s.token?.bearer);
  const [email] = useState(() => (location.state as { email?: string } | null)?.email ?? pendingEmail());
  const [finishing, setFinishing] = useState(false);

  useEffect(() => {
    if (!tokenName || !bearer) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const state = await getTokenState(tokenName);
      if (stopped) return;
      if (state === 'pending') {
        timer = setTimeout(() => void poll(), TOKEN_POLL_MS);
        return;
      }
      stopped = true;
      if (state === 'dead') {
        navigate('/validate-email-failed/unknown', { replace: true });
        return;
      }
      setFinishing(true);
      notify({ type: 'success', message: t(signInSuccessKey()), id: 'auth-success' });
      const to = await destinationAfterSignIn();
      navigate(to, { replace: true });
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `t` changes with the language; polling must not restart for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenName, bearer, navigate]);

  // Nothing was asked from this device: start over.
  if (!finishing && (!tokenName || !bearer)) return <Navigate to="/authenticate" replace />;

  return (
    <AuthPage title={t('checkEmails.title')} documentTitle={t('checkEmails.documentTitle')} icon={<MailSentIcon />}>
      <p className="auth-lead">
        {email ? (
          <Trans t={t} i18nKey="checkEmails.sentTo" values={{ email }} components={{ strong: <strong className="auth-email" /> }} />
        ) : (
          t('checkEmails.sentToUnknown')
        )}
      </p>
      <p>{t('checkEmails.instructions')}</p>
      <div className="auth-waiting" role="status" aria-live="polite">
        <Spinner size="md" />
        <span>{t('checkEmails.waiting')}</span>
      </div>
      <p className="auth-muted">{t('checkEmails.spam')}</p>
      <p className="auth-actions">
        <Link to="/authenticate" className="auth-link">
          {t('checkEmails.useAnother')}
        </Link>
      </p>
    </AuthPage>
  );
}
