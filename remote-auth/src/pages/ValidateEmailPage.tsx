import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ValidationResult } from '@wishlist/contracts';
import { refreshDefaultListId, validateToken } from '@wishlist/api-client';
import { notify, useSessionStore } from '@wishlist/stores';
import { Spinner } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { MailIcon } from '../components/Icons';
import { useAuthT } from '../i18n';
import { defaultListPath, destinationAfterSignIn, signInSuccessKey } from '../lib/flow';

// One PUT per link per page load: a validation code is single-use, and React's development
// double-mount (or a re-render) must not send it twice.
const inFlight = new Map<string, Promise<ValidationResult>>();

export function validateOnce(tokenName: string, validationCode: string): Promise<ValidationResult> {
  const key = `${tokenName}\n${validationCode}`;
  let p = inFlight.get(key);
  if (!p) {
    p = validateToken({ tokenName, validationCode });
    inFlight.set(key, p);
  }
  return p;
}

/** Test helper. */
export function forgetValidations(): void {
  inFlight.clear();
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

/** `/validate-email/{tokenName}/{validationCode}`: the link of the e-mail. */
export default function ValidateEmailPage() {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const { tokenName = '', validationCode = '' } = useParams<{ tokenName: string; validationCode: string }>();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const result = await validateOnce(tokenName, validationCode);
      if (cancelled) return;
      if (!result.isValidated) {
        navigate(`/validate-email-failed/${result.reason ?? 'unknown'}`, { replace: true });
        return;
      }
      const { to, signedInHere } = await destinationAfterValidation(tokenName);
      if (cancelled) return;
      if (signedInHere) notify({ type: 'success', message: t(signInSuccessKey()), id: 'auth-success' });
      navigate(to, { replace: true });
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenName, validationCode, navigate]);

  return (
    <AuthPage title={t('validate.title')} documentTitle={t('validate.documentTitle')} icon={<MailIcon />}>
      <div className="auth-waiting auth-waiting--center" role="status" aria-live="polite">
        <Spinner size="lg" />
        <span>{t('validate.waiting')}</span>
      </div>
    </AuthPage>
  );
}
