import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createOffering, fieldErrors, isApiError, offeringAvailable, offeringConflicts } from '@wishlist/api-client';
import { OFFERER_IDENTITY_MAX_LENGTH, OFFERER_MESSAGE_MAX_LENGTH, formatPrice, isValidEmail } from '@wishlist/contracts';
import { basketTotal, notify, unitsOf, useBasketStore } from '@wishlist/stores';
import { Button, TextArea, TextField } from '@wishlist/ui';
import { usePage } from '../components/usePage';
import { useBasketT } from '../i18n';
import '../strings/notifications';
import '../strings/offer';
import { rememberCreatedOffer } from '../lib/offerMemory';
import '../styles/basket.css';

/** Limits of the offers contract (`@wishlist/contracts`, the one source the service validates with). */
export const IDENTITY_MAX_LENGTH = OFFERER_IDENTITY_MAX_LENGTH;
export const MESSAGE_MAX_LENGTH = OFFERER_MESSAGE_MAX_LENGTH;

type Field = 'offererEmail' | 'offererIdentity' | 'offererMessage';

/**
 * `/offer`: e-mail (required, flagged invalid only after the first submit), name, message and the
 * address choice. Sends the basket as one offering; on success the basket is cleared and the
 * confirmation page opens.
 */
export default function OfferPage() {
  const { t, lang } = useBasketT();
  const navigate = useNavigate();
  const heading = usePage(t('offer.documentTitle'));
  const products = useBasketStore((s) => s.products);

  const [email, setEmail] = useState('');
  const [identity, setIdentity] = useState('');
  const [message, setMessage] = useState('');
  const [isExpectingAddress, setExpectingAddress] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const emailId = `offer-email${useId()}`;
  const emptyId = `offer-empty${useId()}`;
  const focusEmail = () => document.getElementById(emailId)?.focus();

  const empty = products.length === 0;
  const emailValid = isValidEmail(email);
  const fieldMessage = (field: Field, code: string | undefined) =>
    code === undefined ? undefined : field === 'offererEmail' ? t('offer.emailRejected') : code === 'too-long' || /long|max/i.test(code) ? t('offer.tooLong') : t('offer.invalidField');
  const emailError = submitted && !emailValid ? t('offer.emailInvalid') : fieldMessage('offererEmail', serverErrors.offererEmail);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || empty) return;
    setSubmitted(true);
    if (!emailValid) {
      focusEmail();
      return;
    }
    setSending(true);
    setServerErrors({});
    const sent = products;
    try {
      const created = await createOffering({
        isExpectingAddress,
        // A line of one unit is its id alone (as before quantities).
        products: sent.map((p) => (unitsOf(p) > 1 ? { id: p.id, quantity: unitsOf(p) } : p.id)),
        offererEmail: email.trim(),
        offererIdentity: identity.trim(),
        offererMessage: message.trim(),
        language: lang,
      });
      rememberCreatedOffer(created.ids.length > 0 ? created.ids : [created.id], { products: sent, isExpectingAddress, confirmationRequired: created.confirmationRequired });
      useBasketStore.getState().clear();
      navigate(`/offer-created/${encodeURIComponent(created.id)}`);
    } catch (err) {
      setSending(false);
      handleFailure(err, sent);
    }
  };

  const handleFailure = (err: unknown, sent: typeof products) => {
    if (isApiError(err) && err.status === 409) {
      const conflicts = offeringConflicts(err);
      const available = offeringAvailable(err);
      // Lines whose product still has units follow what is left; the others leave the basket.
      const lowered = conflicts.filter((id) => (available[id] ?? 0) > 0);
      const gone = conflicts.filter((id) => !lowered.includes(id));
      const store = useBasketStore.getState();
      for (const id of lowered) store.setUnits(id, available[id], available[id]);
      if (gone.length > 0) store.removeMany(gone);
      const namesOf = (ids: string[]) => sent.filter((p) => ids.includes(p.id)).map((p) => `« ${p.name} »`);
      const names = namesOf(gone);
      const fewer = namesOf(lowered);
      notify({
        type: 'error',
        id: 'offer-create',
        message:
          names.length > 0
            ? t('notifications.alreadyOffered', { count: names.length, names: names.join(', ') })
            : fewer.length > 0
              ? t('notifications.fewerLeft', { count: fewer.length, names: fewer.join(', ') })
              : t('notifications.alreadyOfferedGeneric'),
      });
      return;
    }
    if (isApiError(err) && err.status === 422) {
      const errors = fieldErrors(err);
      const fields: Partial<Record<Field, string>> = {};
      for (const f of ['offererEmail', 'offererIdentity', 'offererMessage'] as const) if (errors[f]) fields[f] = errors[f];
      setServerErrors(fields);
      if (errors.products && Object.keys(fields).length === 0) notify({ type: 'error', id: 'offer-create', message: t('notifications.unknownProducts') });
      else notify({ type: 'error', id: 'offer-create', message: t('notifications.dataError') });
      if (fields.offererEmail) focusEmail();
      return;
    }
    if (isApiError(err) && err.status === 429) {
      notify({ type: 'error', id: 'offer-create', message: t('notifications.rateLimited') });
      return;
    }
    if (isApiError(err) && err.unreachable) {
      notify({ type: 'error', id: 'offer-create', message: t('notifications.apiUnreachable') });
      return;
    }
    notify({ type: 'error', id: 'offer-create', message: t('notifications.creationFailed') });
  };

  return (
    <div className="basket-page basket-page--narrow">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('offer.title')}
      </h1>
      <p className="basket-lead">{t('offer.lead')}</p>
      {empty ? (
        <p id={emptyId} className="basket-notice" role="status">
          {t('offer.emptyBasket')}{' '}
          <Link to="/basket">{t('offer.editBasket')}</Link>
        </p>
      ) : (
        <p className="basket-notice basket-notice--info">
          {t('offer.summary', { count: products.length, total: formatPrice(basketTotal(products), lang) })}{' '}
          <Link to="/basket">{t('offer.editBasket')}</Link>
        </p>
      )}
      <form className="basket-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="basket-muted basket-required-note">{t('offer.requiredNote')}</p>
        <TextField
          id={emailId}
          label={t('offer.emailLabel')}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (serverErrors.offererEmail) setServerErrors((s) => ({ ...s, offererEmail: undefined }));
          }}
          error={emailError}
          hint={t('offer.emailHint')}
        />
        <TextField
          label={t('offer.identityLabel')}
          name="name"
          autoComplete="name"
          maxLength={IDENTITY_MAX_LENGTH}
          value={identity}
          onChange={(e) => setIdentity(e.target.value)}
          error={fieldMessage('offererIdentity', serverErrors.offererIdentity)}
          hint={t('offer.identityHint')}
        />
        <TextArea
          label={t('offer.messageLabel')}
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={fieldMessage('offererMessage', serverErrors.offererMessage)}
          hint={t('offer.messageHint')}
        />
        <fieldset className="basket-choices">
          <legend className="ui-field__label">{t('offer.addressLegend')}</legend>
          {[
            { value: false, label: t('offer.addressKnown'), hint: t('offer.addressKnownHint') },
            { value: true, label: t('offer.addressNeeded'), hint: t('offer.addressNeededHint') },
          ].map((c) => (
            <label key={String(c.value)} className={['basket-choice', isExpectingAddress === c.value && 'basket-choice--checked'].filter(Boolean).join(' ')}>
              <input
                type="radio"
                name="isExpectingAddress"
                value={String(c.value)}
                checked={isExpectingAddress === c.value}
                onChange={() => setExpectingAddress(c.value)}
              />
              <span className="basket-choice__text">
                <span className="basket-choice__label">{c.label}</span>
                <span className="basket-choice__hint">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="lg" block loading={sending} disabled={empty} aria-describedby={empty ? emptyId : undefined}>
          {t('offer.submit')}
        </Button>
      </form>
    </div>
  );
}
