import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@wishlist/api-client';
import { isValidEmail } from '@wishlist/contracts';
import { Button } from '@wishlist/ui/src/Button';
import { Spinner } from '@wishlist/ui/src/Spinner';
import { t } from '../lib/i18n';
import { isServerDown } from './usePopupSession';

/** Passwordless sign-in, as on the site: an e-mail, then the link in it (SPEC §4). */
export function SignIn({ reason, onSubmit }: { reason?: 'expired' | 'signed-out' | 'refused'; onSubmit: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const valid = isValidEmail(email);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(email.trim());
    } catch (err) {
      setSending(false);
      if (isApiError(err) && err.status === 429) setError(t('signInRateLimited'));
      else if (isApiError(err) && (err.status === 400 || err.status === 422)) setError(t('signInEmailRejected'));
      else if (isServerDown(err)) setError(t('serverDown'));
      else setError(t('signInFailed'));
    }
  };

  return (
    <section className="x-section" aria-labelledby={`${id}-title`}>
      {reason === 'signed-out' && <p className="x-note" role="status">{t('signedOutNotice')}</p>}
      {reason === 'expired' && <p className="x-note x-note--warn" role="status">{t('sessionEndedNotice')}</p>}
      {reason === 'refused' && <p className="x-note x-note--warn" role="status">{t('signInRefusedNotice')}</p>}
      <h2 id={`${id}-title`} className="x-title">{t('signInTitle')}</h2>
      <p className="x-lead">{t('signInLead')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="x-form">
        <div className="x-field">
          <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="x-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block loading={sending} disabled={!valid}>
          {t('signInSubmit')}
        </Button>
      </form>
    </section>
  );
}

/** Waiting for the e-mail link; the popup polls and continues by itself. */
export function CheckYourEmails({ email, matchCode, onCancel }: { email?: string; matchCode?: string; onCancel: () => void }) {
  return (
    <section className="x-section" aria-labelledby="x-wait-title">
      <h2 id="x-wait-title" className="x-title">{t('checkEmailsTitle')}</h2>
      <p className="x-lead">{email ? t('checkEmailsSentTo', email) : t('checkEmailsSent')}</p>
      {matchCode && (
        <div className="x-match">
          <p>
            {t('checkEmailsCode')} <strong className="x-code">{matchCode}</strong>
          </p>
          <p className="x-muted">{t('checkEmailsCodeHint')}</p>
        </div>
      )}
      <div className="x-waiting" role="status" aria-live="polite">
        <Spinner size="sm" />
        <span>{t('checkEmailsWaiting')}</span>
      </div>
      <p className="x-muted">{t('checkEmailsReopen')}</p>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('useAnotherAddress')}
      </Button>
    </section>
  );
}
