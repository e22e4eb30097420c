import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SignedInDevice } from '@wishlist/contracts';
import { endSignedInDevice, getSignedInDevices, isSignedOutError, signOut } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog, Spinner } from '@wishlist/ui';
import { AuthPage } from '../components/AuthPage';
import { deviceText, requestedAtText } from '../components/SignInRequestDetails';
import { useAuthT } from '../i18n';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; devices: SignedInDevice[] };

/**
 * `/account` (login required): the devices the person is signed in on (browser, system, signed in
 * on, last seen; this one marked), each of which can be ended after a confirmation, and the way to
 * the account deletion. Ending this device signs this browser out and goes to `/`.
 */
export default function AccountPage() {
  const { t, lang } = useAuthT();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [ending, setEnding] = useState<SignedInDevice | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', devices: await getSignedInDevices() });
    } catch (e) {
      // A session the server had already ended: the sign-in prompt says so.
      if (isSignedOutError(e)) return;
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const confirmEnd = async () => {
    if (!ending) return;
    setBusy(true);
    try {
      await endSignedInDevice(ending.id);
    } catch (e) {
      setBusy(false);
      setEnding(null);
      if (isSignedOutError(e)) return;
      notify({ type: 'error', message: t('account.endFailure'), id: 'device-end' });
      return;
    }
    if (ending.current) {
      // Local logout and navigation in the same tick: the login guard never sees this page signed out.
      void signOut();
      navigate('/', { replace: true });
      notify({ type: 'success', message: t('account.endedThis'), id: 'device-end' });
      return;
    }
    notify({ type: 'success', message: t('account.endedOther', { device: deviceText(t, ending.device) }), id: 'device-end' });
    setLoad((l) => (l.state === 'ready' ? { state: 'ready', devices: l.devices.filter((d) => d.id !== ending.id) } : l));
    setBusy(false);
    setEnding(null);
  };

  return (
    <AuthPage title={t('account.title')} documentTitle={t('account.documentTitle')} className="auth-page--wide">
      <section aria-labelledby="account-devices-title">
        <h2 id="account-devices-title" className="auth-section-title">
          {t('account.devicesTitle')}
        </h2>
        <p className="auth-muted">{t('account.devicesText')}</p>
        {load.state === 'loading' && <Spinner label={t('common.loading')} />}
        {load.state === 'failed' && (
          <div className="auth-alert" role="alert">
            <p>{t('account.loadFailure')}</p>
            <Button variant="secondary" size="sm" onClick={() => void refresh()}>
              {t('account.retry')}
            </Button>
          </div>
        )}
        {load.state === 'ready' && (
          <ul className="auth-devices" aria-label={t('account.devicesTitle')}>
            {load.devices.map((d) => {
              const name = deviceText(t, d.device);
              return (
                <li key={d.id} className="auth-device" data-testid="device">
                  <div className="auth-device__body">
                    <h3 className="auth-device__name">
                      {name}
                      {d.current && <span className="auth-device__current">{t('account.thisDevice')}</span>}
                    </h3>
                    <dl className="auth-device__facts">
                      <dt>{t('account.signedInAt')}</dt>
                      <dd>
                        <time dateTime={d.signedInAt}>{requestedAtText(d.signedInAt, lang)}</time>
                      </dd>
                      <dt>{t('account.lastSeenAt')}</dt>
                      <dd>
                        <time dateTime={d.lastSeenAt}>{requestedAtText(d.lastSeenAt, lang)}</time>
                      </dd>
                    </dl>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={d.current ? t('account.endThisLabel') : t('account.endLabel', { device: name })}
                    onClick={() => setEnding(d)}
                  >
                    {t('account.end')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="account-delete-title" className="auth-account-delete">
        <h2 id="account-delete-title" className="auth-section-title">
          {t('account.deleteTitle')}
        </h2>
        <p className="auth-muted">{t('account.deleteText')}</p>
        <Link to="/delete-account" className="auth-link-danger">
          {t('header.deleteAccount')}
        </Link>
      </section>
      <ConfirmDialog
        open={ending !== null}
        title={ending?.current ? t('account.confirmThisTitle') : t('account.confirmTitle')}
        confirmLabel={t('account.confirm')}
        cancelLabel={t('account.cancel')}
        confirmVariant="danger"
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
        busy={busy}
      >
        <p>{ending?.current ? t('account.confirmThisText') : t('account.confirmText', { device: ending ? deviceText(t, ending.device) : '' })}</p>
      </ConfirmDialog>
    </AuthPage>
  );
}
