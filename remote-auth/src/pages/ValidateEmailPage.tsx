import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { SignInRequestView, ValidationResult } from '@wishlist/contracts';
import { getSignInRequest, refreshDefaultListId, refuseSignIn, validateToken, type SignInRequestLookup } from '@wishlist/api-client';
import { notify, useSessionStore } from '@wishlist/stores';
import { Button, Spinner } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { AlertIcon, MailIcon } from '../components/Icons';
import { SignInRequestDetails } from '../components/SignInRequestDetails';
import { useAuthT } from '../i18n';
import { defaultListPath, destinationAfterSignIn, rememberMatchCode, signInSuccessKey } from '../lib/flow';

// One request per link and action at a time: React's development double-mount (or a re-render)
// must not send a single-use code twice, nor count a wrong code twice.
const validations = new Map<string, Promise<ValidationResult>>();
const lookups = new Map<string, Promise<SignInRequestLookup>>();

const keyOf = (tokenName: string, validationCode: string) => `${tokenName}\n${validationCode}`;

export function validateOnce(tokenName: string, validationCode: string): Promise<ValidationResult> {
  const key = keyOf(tokenName, validationCode);
  let p = validations.get(key);
  if (!p) {
    p = validateToken({ tokenName, validationCode });
    validations.set(key, p);
  }
  return p;
}

/** Reads the request once per mount pair; forgotten once answered, so a later visit reads it afresh. */
function lookupOnce(tokenName: string, validationCode: string): Promise<SignInRequestLookup> {
  const key = keyOf(tokenName, validationCode);
  let p = lookups.get(key);
  if (!p) {
    p = getSignInRequest({ tokenName, validationCode });
    lookups.set(key, p);
    void p.finally(() => lookups.delete(key));
  }
  return p;
}

/** Test helper. */
export function forgetValidations(): void {
  validations.clear();
  lookups.clear();
}

/** Where a successful validation leads (SPEC §2). */
async function destinationAfterValidation(tokenName: string): Promise<{ to: string; signedInHere: boolean }> {
  const { token, defaultListId } = useSessionStore.getState();
  // The device that asked: its token is the link's and its bearer now works.
  if (token?.name === tokenName && token.bearer) {
    const listId = await refreshDefaultListId().catch(() => null);
    if (listId) return { to: await destinationAfterSignIn(), signedInHere: true };
  }
  // Already signed in here with another token: the default list's page.
  let listId = defaultListId;
  if (!listId && token?.bearer) listId = await refreshDefaultListId().catch(() => null);
  if (listId) return { to: defaultListPath(listId), signedInHere: false };
  return { to: '/validate-email-success', signedInHere: false };
}

type View = { kind: 'loading' } | { kind: 'pending'; request: SignInRequestView } | { kind: 'refused' };

/**
 * `/validate-email/{tokenName}/{validationCode}`: the link of the e-mail. Opening it changes
 * nothing: the page reads the request (which device asked, when, the match code) and signs that
 * device in only on "Yes, sign in this device" (`PUT /api/tokens`, SPEC §7); "This was not me"
 * refuses it and the waiting device is told.
 */
export default function ValidateEmailPage() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const { tokenName = '', validationCode = '' } = useParams<{ tokenName: string; validationCode: string }>();
  const sameBrowser = useSessionStore((s) => Boolean(s.token?.bearer) && s.token?.name === tokenName && !s.defaultListId);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [refuseFailed, setRefuseFailed] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const finish = async () => {
    const { to, signedInHere } = await destinationAfterValidation(tokenName);
    if (!alive.current) return;
    if (signedInHere) notify({ type: 'success', message: t(signInSuccessKey()), id: 'auth-success' });
    navigate(to, { replace: true });
  };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const lookup = await lookupOnce(tokenName, validationCode);
      if (cancelled) return;
      if (!lookup.found) {
        navigate(`/validate-email-failed/${lookup.reason}`, { replace: true });
        return;
      }
      const { request } = lookup;
      if (request.state === 'validated') {
        const { to, signedInHere } = await destinationAfterValidation(tokenName);
        if (cancelled) return;
        if (signedInHere) notify({ type: 'success', message: t(signInSuccessKey()), id: 'auth-success' });
        navigate(to, { replace: true });
        return;
      }
      setView(request.state === 'refused' ? { kind: 'refused' } : { kind: 'pending', request });
    })();
    return () => {
      cancelled = true;
    };
    // `t` changes with the language; the request must not be read again for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenName, validationCode, navigate]);

  const approve = async () => {
    setBusy('approve');
    setRefuseFailed(false);
    const result = await validateOnce(tokenName, validationCode);
    if (!alive.current) return;
    if (!result.isValidated) {
      navigate(`/validate-email-failed/${result.reason ?? 'unknown'}`, { replace: true });
      return;
    }
    await finish();
  };

  const refuse = async () => {
    setBusy('refuse');
    setRefuseFailed(false);
    const result = await refuseSignIn({ tokenName, validationCode });
    if (!alive.current) return;
    if (result.refused) {
      // This browser asked and was refused by its own person: its pending token is of no use.
      const session = useSessionStore.getState();
      if (session.token?.name === tokenName && !session.defaultListId) {
        session.setToken(null);
        rememberMatchCode(tokenName, null);
      }
      setView({ kind: 'refused' });
      return;
    }
    if (result.reason === 'already-validated') {
      await finish();
      return;
    }
    if (result.reason === 'unknown') {
      // Network or server trouble: the request still stands; the person may try again.
      setBusy(null);
      setRefuseFailed(true);
      return;
    }
    navigate(`/validate-email-failed/${result.reason}`, { replace: true });
  };

  if (view.kind === 'refused') {
    return (
      <AuthPage key="refused" title={t('refused.title')} documentTitle={t('refused.documentTitle')} icon={<AlertIcon />}>
        <p className="auth-lead">{t('refused.text')}</p>
        <p className="auth-muted">{t('refused.hint')}</p>
        <p className="auth-actions">
          <Link to="/authenticate" className="ui-button ui-button--secondary ui-button--lg">
            <span className="ui-button__label">{t('refused.askAgain')}</span>
          </Link>
        </p>
      </AuthPage>
    );
  }

  if (view.kind === 'pending') {
    return (
      <AuthPage key="pending" title={t('validate.approveTitle')} documentTitle={t('validate.approveDocumentTitle')} icon={<MailIcon />}>
        <p className="auth-lead">{t('validate.lead')}</p>
        <p className={sameBrowser ? 'auth-note auth-note--same' : 'auth-note'}>{sameBrowser ? t('validate.sameBrowser') : t('validate.otherDevice')}</p>
        <SignInRequestDetails request={view.request} />
        {refuseFailed && (
          <p className="auth-alert" role="alert">
            {t('validate.refuseFailed')}
          </p>
        )}
        <div className="auth-actions">
          <Button size="lg" loading={busy === 'approve'} disabled={busy !== null} onClick={() => void approve()}>
            {t('validate.approve')}
          </Button>
          <Button variant="secondary" size="lg" loading={busy === 'refuse'} disabled={busy !== null} onClick={() => void refuse()}>
            {t('validate.refuse')}
          </Button>
        </div>
        <p className="auth-muted">{t('validate.refuseHint')}</p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('validate.title')} documentTitle={t('validate.documentTitle')} icon={<MailIcon />}>
      <div className="auth-waiting auth-waiting--center" role="status" aria-live="polite">
        <Spinner size="lg" />
        <span>{t('validate.waiting')}</span>
      </div>
    </AuthPage>
  );
}
