import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ListInvitationData } from '@wishlist/contracts';
import { acceptListInvitation, getListInvitation, isSignedOutError } from '@wishlist/api-client';
import { hasSession, notify, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { isUnreachable, statusOf } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import { errorCode } from './errorCode';
import '../styles/lists.css';
import './keepers.css';

type Refusal = 'notFound' | 'expired' | 'ownList' | 'noToken';

/** The token of the mail's link: the fragment (`#token`, or `#token=…`), never sent to any server but ours in a header. */
export function tokenInHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  const value = raw.startsWith('token=') ? raw.slice('token='.length) : raw;
  return /^[A-Za-z0-9_-]{16,100}$/.test(value) ? value : '';
}

function refusalOf(e: unknown): Refusal | null {
  const status = statusOf(e);
  if (status === 404) return 'notFound';
  if (status === 410) return 'expired';
  if (status === 400) return 'noToken';
  if (status === 409 && errorCode(e) === 'own_list') return 'ownList';
  return null;
}

/**
 * `/{lang}/list-invitation#token` (the invitation mail's link): says which list the person is
 * invited to keep and asks; opening it changes nothing. Signed out, its button goes through the
 * sign-in and comes back here (auth-redirection); signed in, it accepts (a POST) and opens the list.
 */
export default function ListInvitationPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  const location = useLocation();
  const token = tokenInHash(location.hash);
  const signedIn = useSessionStore((s) => hasSession(s));
  const [invitation, setInvitation] = useState<ListInvitationData | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(token ? null : 'noToken');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('invitation.documentTitle'), t('common.siteName'));

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    setFailed(false);
    getListInvitation(token).then(
      (found) => !cancelled && setInvitation(found),
      (e: unknown) => {
        if (cancelled) return;
        const why = refusalOf(e);
        if (why) setRefusal(why);
        else if (isUnreachable(e)) navigate(paths.serverError, { replace: true });
        else setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt, navigate]);

  const signIn = () => {
    usePreferencesStore.getState().setAuthRedirection(`${location.pathname}${location.hash}`);
    navigate('/authenticate/mandatory');
  };

  const accept = async () => {
    setBusy(true);
    try {
      const accepted = await acceptListInvitation(token);
      notify({ type: 'success', message: t('invitation.accepted', { name: accepted.listName }) });
      if (useListsStore.getState().source?.kind === 'mine') await useListsStore.getState().reload().catch(() => undefined);
      navigate(paths.listing(accepted.listId), { replace: true });
    } catch (e) {
      if (isSignedOutError(e)) return;
      const why = refusalOf(e);
      if (why) setRefusal(why);
      else notify({ type: 'error', message: t('invitation.failed') });
    } finally {
      setBusy(false);
    }
  };

  if (refusal) {
    return (
      <section className="lists-page lists-page--narrow invitation">
        <h1>{t('invitation.title')}</h1>
        <p role="alert">{t(`invitation.${refusal}`)}</p>
        <p>
          <Link to={signedIn ? paths.lists : '/'}>{t('invitation.toLists')}</Link>
        </p>
      </section>
    );
  }
  if (failed) return <PageError title={t('invitation.title')} text={t('invitation.failed')} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!invitation) return <PageLoading label={t('invitation.loading')} />;

  return (
    <section className="lists-page lists-page--narrow invitation">
      <h1>{t('invitation.title')}</h1>
      <p>{t('invitation.text', { name: `“${invitation.listName}”`, email: invitation.email })}</p>
      <p>{t('invitation.what')}</p>
      {signedIn ? (
        <div className="lists-form__actions">
          <Button loading={busy} onClick={() => void accept()}>
            {t('invitation.accept')}
          </Button>
          <Link to={paths.lists} className="ui-button ui-button--ghost ui-button--md">
            <span className="ui-button__label">{t('invitation.decline')}</span>
          </Link>
        </div>
      ) : (
        <>
          <div className="lists-form__actions">
            <Button onClick={signIn} aria-describedby="invitation-sign-in-hint">
              {t('invitation.signIn')}
            </Button>
          </div>
          <p id="invitation-sign-in-hint" className="lists-lead">
            {t('invitation.signInHint')}
          </p>
        </>
      )}
    </section>
  );
}
