import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { askSignIn, isApiError } from '@wishlist/api-client';
import { isValidEmail } from '@wishlist/contracts';
import { createTokenName, isAuthReason, notify, usePreferencesStore, useSessionStore, type AuthReason } from '@wishlist/stores';
import { Button, TextField } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { MailIcon } from '../components/Icons';
import { useAuthT } from '../i18n';
import { ACCOUNT_DELETION_PATH, rememberMatchCode, rememberPendingEmail } from '../lib/flow';

export type { AuthReason };

/** Notification shown on arrival for the reasons that have one (SPEC §2: the first two). */
const REASON_NOTICE: Partial<Record<AuthReason, string>> = {
  mandatory: 'notifications.authMandatory',
  'account-deletion': 'notifications.authMandatoryForDeletion',
};

type SendError = 'invalid' | 'rate-limited' | null;

/** `/authenticate` and `/authenticate/{reason}`: the e-mail sign-in form. */
export default function AuthenticatePage() {
  const { t, lang } = useAuthT();
  const navigate = useNavigate();
  const params = useParams<{ reason?: string }>();
  const reason = isAuthReason(params.reason) ? params.reason : undefined;

  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<SendError>(null);

  const notice = reason && REASON_NOTICE[reason];
  useEffect(() => {
    if (notice) notify({ type: 'info', message: t(notice), id: 'auth-reason' });
  }, [notice, t]);

  const valid = isValidEmail(email);
  const fieldError =
    sendError === 'invalid' ? t('authenticate.emailRejected') : touched && email.trim() !== '' && !valid ? t('authenticate.emailInvalid') : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setSendError(null);
    const address = email.trim();
    const tokenName = createTokenName();
    try {
      const { token: bearer, matchCode } = await askSignIn({ email: address, tokenName, language: lang });
      useSessionStore.getState().setToken({ name: tokenName, bearer });
      rememberMatchCode(tokenName, matchCode);
      // The success notice speaks of what this sign-in was for; deleting the account goes back there.
      const preferences = usePreferencesStore.getState();
      preferences.setAuthReason(reason ?? null);
      if (reason === 'account-deletion') preferences.setAuthRedirection(ACCOUNT_DELETION_PATH);
      rememberPendingEmail(address);
      navigate('/check-your-emails', { state: { email: address } });
    } catch (err) {
      setSending(false);
      if (isApiError(err) && err.status === 429) {
        setSendError('rate-limited');
        notify({ type: 'error', message: t('notifications.rateLimited'), id: 'auth-send' });
      } else if (isApiError(err) && (err.status === 422 || err.status === 400)) {
        setSendError('invalid');
      } else if (isApiError(err) && err.unreachable) {
        notify({ type: 'error', message: t('notifications.apiUnreachable'), id: 'auth-send' });
      } else {
        notify({ type: 'error', message: t('notifications.sendFailed'), id: 'auth-send' });
      }
    }
  };

  return (
    <AuthPage title={t('authenticate.title')} documentTitle={t('authenticate.documentTitle')} icon={<MailIcon />}>
      <p className="auth-lead">{t(`authenticate.description.${reason ?? 'default'}`)}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('authenticate.emailLabel')}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={t('authenticate.emailPlaceholder')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (sendError === 'invalid') setSendError(null);
          }}
          onBlur={() => setTouched(true)}
          error={fieldError}
          hint={t('authenticate.emailHint')}
        />
        {sendError === 'rate-limited' && (
          <p className="auth-alert" role="alert">
            {t('notifications.rateLimited')}
          </p>
        )}
        <Button type="submit" size="lg" block loading={sending} disabled={!valid}>
          {t('authenticate.submit')}
        </Button>
      </form>
      <section className="auth-steps" aria-labelledby="auth-steps-title">
        <h2 id="auth-steps-title" className="auth-steps__title">
          {t('authenticate.stepsTitle')}
        </h2>
        <ol className="auth-steps__list">
          {(t('authenticate.steps', { returnObjects: true }) as string[]).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </AuthPage>
  );
}
