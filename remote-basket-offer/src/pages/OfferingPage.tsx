import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { acceptOffering, fieldErrors, getOffering, isApiError, isSignedOutError, refuseOffering, type Offering } from '@wishlist/api-client';
import { OFFERING_ADDRESS_MAX_LENGTH } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog, Spinner, TextArea } from '@wishlist/ui';
import { OfferingSurprise } from '../components/OfferingSurprise';
import { ProductRow } from '../components/ProductRow';
import { usePage } from '../components/usePage';
import { useBasketT, type Lang } from '../i18n';
import '../strings/notifications';
import '../strings/offering';
import '../styles/basket.css';

/** Longest address the offers service accepts (`@wishlist/contracts`). */
export const ADDRESS_MAX_LENGTH = OFFERING_ADDRESS_MAX_LENGTH;

function formatDate(iso: string | undefined, lang: Lang): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long' }).format(d);
}

/**
 * `/offerings/{offeringId}/{refuse?}` (login required, the owner of the products): who offered,
 * their message, the products and the state. A pending offering can be answered with an address
 * (enter, confirm, send) or refused (confirmed in a dialog; `refuse` in the path opens it on load).
 * A load failure goes to /not-found (SPEC §8).
 */
export default function OfferingPage() {
  const { t, lang } = useBasketT();
  const navigate = useNavigate();
  // The navigate function changes with the location (leaving `/refuse`): the loader must not.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const { offeringId = '', refuse } = useParams<{ offeringId: string; refuse?: string }>();
  const [offering, setOffering] = useState<Offering | null>(null);
  const [refuseOpen, setRefuseOpen] = useState(refuse === 'refuse');
  const [refusing, setRefusing] = useState(false);
  const [address, setAddress] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [sending, setSending] = useState(false);
  const [addressError, setAddressError] = useState<string | undefined>();

  const load = useCallback(
    (signal?: { cancelled: boolean }) =>
      getOffering(offeringId).then(
        (o) => {
          if (!signal?.cancelled) setOffering(o);
        },
        (e: unknown) => {
          // A session that ended meanwhile: the login guard takes the person to sign in.
          if (!signal?.cancelled && !isSignedOutError(e)) navigateRef.current('/not-found', { replace: true });
        },
      ),
    [offeringId],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    setOffering(null);
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const basePath = `/offerings/${encodeURIComponent(offeringId)}`;
  const leaveRefusePath = () => {
    if (refuse) navigate(basePath, { replace: true });
  };

  const answered = () => {
    notify({ type: 'info', id: 'offering-answer', message: t('notifications.alreadyAnswered') });
    void load();
  };

  const sendAddress = async () => {
    const value = address.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      const updated = await acceptOffering(offeringId, { address: value });
      setOffering((o) => (updated && typeof updated === 'object' && 'state' in updated ? updated : o && { ...o, address: value, state: 'address-given' }));
      notify({ type: 'success', id: 'offering-answer', message: t('notifications.addressSent') });
    } catch (err) {
      setStep('edit');
      if (isSignedOutError(err)) return;
      if (isApiError(err) && err.status === 409) answered();
      else if (isApiError(err) && err.status === 422) {
        setAddressError(/long|max/i.test(fieldErrors(err).address ?? '') ? t('offering.addressTooLong') : t('offering.addressRequired'));
        notify({ type: 'error', id: 'offering-answer', message: t('notifications.dataError') });
      } else
        notify({
          type: 'error',
          id: 'offering-answer',
          message: isApiError(err) && err.unreachable ? t('notifications.apiUnreachable') : t('notifications.addressFailed'),
        });
    } finally {
      setSending(false);
    }
  };

  const confirmRefuse = async () => {
    setRefusing(true);
    try {
      await refuseOffering(offeringId);
      setOffering((o) => o && { ...o, state: 'refused' });
      setRefuseOpen(false);
      leaveRefusePath();
      notify({ type: 'success', id: 'offering-answer', message: t('notifications.refused') });
    } catch (err) {
      setRefuseOpen(false);
      leaveRefusePath();
      if (isSignedOutError(err)) return;
      if (isApiError(err) && err.status === 409) answered();
      else
        notify({
          type: 'error',
          id: 'offering-answer',
          message: isApiError(err) && err.unreachable ? t('notifications.apiUnreachable') : t('notifications.refuseFailed'),
        });
    } finally {
      setRefusing(false);
    }
  };

  const heading = usePage(t('offering.documentTitle'), offering ? 'loaded' : 'loading', refuseOpen && (!offering || offering.state === 'pending'));

  if (!offering) {
    return (
      <div className="basket-page basket-loading" role="status">
        <h1 ref={heading} tabIndex={-1} className="basket-visually-hidden">
          {t('offering.documentTitle')}
        </h1>
        <Spinner size="lg" label={t('offering.loading')} />
      </div>
    );
  }

  const name = offering.offererIdentity?.trim();
  const pending = offering.state === 'pending' || offering.state === undefined;
  const date = formatDate(offering.createdAt, lang);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (address.trim() === '') {
      setAddressError(t('offering.addressRequired'));
      return;
    }
    setStep('confirm');
  };

  return (
    <div className="basket-page basket-page--narrow">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {name ? t('offering.titleFrom', { name }) : t('offering.titleAnonymous')}
      </h1>
      <p className="basket-meta">
        {date && <span>{t('offering.received', { date })}</span>}
        <span className={`basket-state basket-state--${offering.state ?? 'pending'}`}>
          <span className="basket-visually-hidden">{t('offering.stateLabel')}: </span>
          {t(`offering.state.${offering.state ?? 'pending'}`)}
        </span>
      </p>
      {offering.offererMessage?.trim() && (
        <section aria-labelledby="offering-message" className="basket-section">
          <h2 id="offering-message" className="basket-subtitle">
            {t('offering.messageTitle')}
          </h2>
          <blockquote className="basket-quote">{offering.offererMessage}</blockquote>
        </section>
      )}
      {offering.productsHidden ? (
        <OfferingSurprise revealsAt={offering.revealsAt ?? null} />
      ) : (
        <section aria-labelledby="offering-products" className="basket-section">
          <h2 id="offering-products" className="basket-subtitle">
            {t('offering.productsTitle')}
          </h2>
          <ul className="basket-list">
            {offering.products.map((p, i) => (
              <ProductRow
                key={p.id ?? i}
                product={p}
                note={(p.quantity ?? 1) > 1 ? <p className="basket-row__units">{t('offering.units', { count: p.quantity })}</p> : undefined}
              />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="offering-answer" className="basket-section basket-answer">
        <h2 id="offering-answer" className="basket-subtitle">
          {t('offering.answerTitle')}
        </h2>
        {offering.state === 'address-given' && (
          <>
            <p className="basket-muted">{t('offering.sentAddress')}</p>
            <p className="basket-address">{offering.address}</p>
          </>
        )}
        {offering.state === 'refused' && <p className="basket-muted">{t('offering.refusedText')}</p>}
        {offering.state === 'withdrawn' && <p className="basket-muted">{t('offering.withdrawnText')}</p>}
        {pending && (
          <>
            <p className="basket-lead">{t(offering.isExpectingAddress ? 'offering.expecting' : 'offering.known')}</p>
            {step === 'edit' ? (
              <form onSubmit={onSubmit} noValidate className="basket-form">
                <TextArea
                  label={t('offering.addressLabel')}
                  name="address"
                  rows={4}
                  required
                  autoComplete="street-address"
                  maxLength={ADDRESS_MAX_LENGTH}
                  value={address}
                  onChange={(e) => {
                    setAddress(e.target.value);
                    setAddressError(undefined);
                  }}
                  hint={t('offering.addressHint')}
                  error={addressError}
                />
                <div className="basket-actions-row">
                  <Button type="submit" disabled={address.trim() === ''}>
                    {t('offering.addressSubmit')}
                  </Button>
                  <Button variant="danger" onClick={() => setRefuseOpen(true)}>
                    {t('offering.refuse')}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="basket-confirm" role="group" aria-labelledby="offering-confirm-title">
                <h3 id="offering-confirm-title" className="basket-confirm__title">
                  {t('offering.confirmTitle')}
                </h3>
                <p className="basket-muted">{t('offering.confirmText')}</p>
                <p className="basket-address">{address.trim()}</p>
                <div className="basket-actions-row">
                  <Button variant="secondary" onClick={() => setStep('edit')} disabled={sending}>
                    {t('offering.edit')}
                  </Button>
                  <Button onClick={() => void sendAddress()} loading={sending} autoFocus>
                    {t('offering.confirmSend')}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
        {!pending && (
          <p>
            <Link to="/product-lists">{t('offering.myLists')}</Link>
          </p>
        )}
      </section>

      <ConfirmDialog
        open={refuseOpen && pending}
        title={t('offering.refuseTitle')}
        confirmLabel={t('offering.refuseConfirm')}
        cancelLabel={t('offering.cancel')}
        busy={refusing}
        onConfirm={() => void confirmRefuse()}
        onCancel={() => {
          setRefuseOpen(false);
          leaveRefusePath();
        }}
      >
        <p>{t('offering.refuseText')}</p>
      </ConfirmDialog>
    </div>
  );
}
