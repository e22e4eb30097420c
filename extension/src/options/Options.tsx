import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@wishlist/ui/src/Button';
import { originPattern } from '../manifest';
import { signOut } from '../lib/api';
import { t } from '../lib/i18n';
import { DEFAULT_SERVER_URL, getServerUrl, getStoredToken, normalizeServerUrl, setServerUrl } from '../lib/settings';

/**
 * The server address (SPEC: a self-hoster builds their own default). Another server needs its
 * host permission, asked for that one origin only; the device token of the old server is revoked.
 */
export function Options() {
  const id = useId();
  const [current, setCurrent] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void getServerUrl().then((url) => {
      setCurrent(url);
      setValue(url);
    });
  }, []);

  const apply = async (next: string | null) => {
    const origin = next ?? normalizeServerUrl(DEFAULT_SERVER_URL);
    if (!origin) return;
    setBusy(true);
    setMessage(null);
    try {
      // Must run first, in the click's user gesture.
      const granted = await chrome.permissions.request({ origins: [originPattern(origin)] }).catch(() => false);
      if (!granted) {
        setMessage({ kind: 'error', text: t('optionsPermissionRefused', new URL(origin).host) });
        return;
      }
      if (origin !== current) {
        const token = await getStoredToken();
        if (token) await signOut(token);
      }
      await setServerUrl(next);
      setCurrent(origin);
      setValue(origin);
      setMessage({ kind: 'ok', text: t('optionsSaved', origin) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const origin = normalizeServerUrl(value);
    if (!origin) {
      setMessage({ kind: 'error', text: t('optionsInvalid') });
      return;
    }
    void apply(origin);
  };

  return (
    <main className="x-options">
      <h1 className="x-brand">
        <img src="icons/icon-32.png" alt="" width="24" height="24" />
        {t('optionsTitle')}
      </h1>
      <form className="x-form" onSubmit={submit} noValidate>
        <div className="x-field">
          <label htmlFor={`${id}-server`}>{t('optionsServerLabel')}</label>
          <input
            id={`${id}-server`}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={value}
            aria-describedby={`${id}-hint`}
            aria-invalid={message?.kind === 'error' ? true : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          <p id={`${id}-hint`} className="x-muted">
            {t('optionsServerHint', DEFAULT_SERVER_URL)}
          </p>
        </div>
        {message && (
          <p className={message.kind === 'ok' ? 'x-note' : 'x-error x-error--block'} role={message.kind === 'ok' ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <div className="x-row">
          <Button type="submit" loading={busy}>
            {t('optionsSave')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void apply(null)}>
            {t('optionsReset')}
          </Button>
        </div>
      </form>
    </main>
  );
}
