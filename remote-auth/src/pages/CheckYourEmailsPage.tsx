import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { getTokenState } from '@wishlist/api-client';
import { notify, useSessionStore } from '@wishlist/stores';
import { Spinner } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { AlertIcon, MailSentIcon } from '../components/Icons';
import { useAuthT } from '../i18n';
import { TOKEN_POLL_MS, destinationAfterSignIn, pendingEmail, pendingMatchCode, rememberMatchCode, signInSuccessKey } from '../lib/flow';

/**
 * `/check-your-emails`: shows the match code the link's page will show too, and waits for the
 * sign-in to be approved (here or on another device), polling the token every 2 s while mounted.
 * Validated: notification, then the stored redirect or the default list. Refused from the link:
 * says so here (the pending token is dropped). A dead token (410, 401…):
 * `/validate-email-failed/unknown`. Other failures keep waiting.
 */
export default function CheckYourEmailsPage() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const location = useLocation();
  const tokenName = useSessionStore((s) => s.token?.name);
  const bearer = useSessionStore((s) => s.token?.bearer);
  const [email] = useState(() => (location.state as { email?: string } | null)?.email ?? pendingEmail());
  const [finishing, setFinishing] = useState(false);
  const [refused, setRefused] = useState(false);
  const [matchCode] = useState(() => (location.state as { matchCode?: string } | null)?.matchCode ?? pendingMatchCode(tokenName));

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
      if (state === 'refused') {
        setRefused(true);
        rememberMatchCode(tokenName, null);
        useSessionStore.getState().setToken(null);
        return;
      }
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

  if (refused) {
    return (
      <AuthPage key="refused" title={t('checkEmails.refusedTitle')} documentTitle={t('checkEmails.refusedTitle')} icon={<AlertIcon />} tone="danger">
        <p className="auth-lead">{t('checkEmails.refused')}</p>
        <p className="auth-muted">{t('checkEmails.refusedHint')}</p>
        <p className="auth-actions">
          <Link to="/authenticate" className="ui-button ui-button--primary ui-button--lg">
            <span className="ui-button__label">{t('checkEmails.askAgain')}</span>
          </Link>
        </p>
      </AuthPage>
    );
  }

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
      {matchCode && (
        <div className="auth-match">
          <p className="auth-match__code">
            <Trans t={t} i18nKey="checkEmails.matchCode" values={{ code: matchCode }} components={{ code: <strong className="auth-code" /> }} />
          </p>
          <p className="auth-muted">{t('checkEmails.matchCodeHint')}</p>
        </div>
      )}
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
