import { useId, useState, type FormEvent } from 'react';
import { changeGift, isApiError, withdrawGift, type GiftsAccess, type GiftView } from '@wishlist/api-client';
import { GIFT_NOTE_MAX } from '@wishlist/contracts';
import { Button, ConfirmDialog, TextArea, TextField } from '@wishlist/ui';
import { useBasketT } from '../i18n';
import { costText, parseCost } from '../lib/giftCost';
import { ProductRow } from './ProductRow';
import '../strings/gifts';

type Mark = '' | 'bought' | 'given';

/** A day as the reader writes it; `YYYY-MM-DD` days are read in UTC (they carry no time). */
export function formatDay(value: string, lang: 'en' | 'fr'): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', ...(value.length === 10 ? { timeZone: 'UTC' } : {}) }).format(at);
}

const isOpen = (gift: GiftView) => gift.stage !== 'refused' && gift.stage !== 'withdrawn';
const markOf = (gift: GiftView): Mark => (gift.stage === 'bought' || gift.stage === 'given' ? gift.stage : '');

/**
 * One gift on the giver's "My gifts" page: where it stands (the owner's answer, then the giver's
 * own "bought" and "given"), the products, the address once given, and what only the giver keeps
 * (a note, a cost). Withdrawing asks first, as the receipt's link does.
 */
export function GiftCard({ gift, access, onChange }: { gift: GiftView; access: GiftsAccess; onChange: (gift: GiftView) => void }) {
  const { t, lang } = useBasketT();
  const id = useId();
  const [mark, setMark] = useState<Mark>(markOf(gift));
  const [note, setNote] = useState(gift.note);
  const [cost, setCost] = useState(costText(gift.cost, lang));
  const [errors, setErrors] = useState<{ note?: string; cost?: string }>({});
  const [status, setStatus] = useState<'' | 'saved' | 'saveFailed' | 'closed' | 'withdrawn' | 'withdrawTooLate' | 'withdrawFailed'>('');
  const [busy, setBusy] = useState<'save' | 'withdraw' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const open = isOpen(gift);
  const title = gift.listNames.length > 0 ? t('gifts.giftTitle', { lists: gift.listNames.join(', ') }) : t('gifts.giftTitleNoList');

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const cents = parseCost(cost);
    if (cents === undefined) {
      setErrors({ cost: t('gifts.costInvalid') });
      return;
    }
    setErrors({});
    setStatus('');
    setBusy('save');
    try {
      const changed = await changeGift(access, gift.id, { note, cost: cents, ...(open ? { stage: mark === '' ? null : mark } : {}) });
      onChange(changed);
      setStatus('saved');
    } catch (err) {
      if (isApiError(err) && err.status === 422) {
        const fields = (err.data as { errors?: Record<string, string> } | undefined)?.errors ?? {};
        setErrors({ note: fields.note ? t('gifts.noteTooLong') : undefined, cost: fields.cost ? t('gifts.costInvalid') : undefined });
      } else setStatus(isApiError(err) && err.status === 409 ? 'closed' : 'saveFailed');
    } finally {
      setBusy(null);
    }
  };

  const withdraw = async () => {
    setBusy('withdraw');
    setStatus('');
    try {
      await withdrawGift(access, gift.id);
      onChange({ ...gift, stage: 'withdrawn', withdrawable: false });
      setStatus('withdrawn');
    } catch (err) {
      setStatus(isApiError(err) && (err.status === 409 || err.status === 410) ? 'withdrawTooLate' : 'withdrawFailed');
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <article className="gift-card" aria-labelledby={`${id}-title`} data-testid="gift-card">
      <header className="gift-card__header">
        <h2 id={`${id}-title`} className="basket-subtitle gift-card__title">
          {title}
        </h2>
        <p className={`basket-state gift-stage gift-stage--${gift.stage}`} data-testid="gift-stage">
          {t(`gifts.stage.${gift.stage}`)}
        </p>
      </header>
      <p className="basket-meta">
        {gift.eventDate && <span>{t('gifts.occasion', { date: formatDay(gift.eventDate, lang) })}</span>}
        <span>{t('gifts.offeredOn', { date: formatDay(gift.createdAt, lang) })}</span>
      </p>
      <h3 className="basket-visually-hidden">{t('gifts.productsTitle')}</h3>
      <ul className="basket-list gift-card__products">
        {gift.products.map((p) => (
          <ProductRow key={p.id} product={p} note={p.quantity > 1 ? <p className="basket-row__site">× {p.quantity}</p> : undefined} />
        ))}
      </ul>
      {gift.offererIdentity && <p className="basket-muted">{t('gifts.messageSigned', { name: gift.offererIdentity })}</p>}
      {gift.offererMessage && <blockquote className="basket-quote">{gift.offererMessage}</blockquote>}
      {gift.address && (
        <section aria-labelledby={`${id}-address`}>
          <h3 id={`${id}-address`} className="basket-confirm__title">
            {t('gifts.addressTitle')}
          </h3>
          <p className="basket-address">{gift.address}</p>
        </section>
      )}
      {gift.remindedAt && <p className="basket-muted">{t('gifts.reminded', { date: formatDay(gift.remindedAt, lang) })}</p>}
      <form className="gift-card__form" onSubmit={(e) => void save(e)} noValidate>
        {open && (
          <fieldset className="basket-choices gift-card__marks">
            <legend className="ui-field__label">{t('gifts.stageLegend')}</legend>
            {(
              [
                ['', t('gifts.stageNotBought')],
                ['bought', t('gifts.stageBought')],
                ['given', t('gifts.stageGiven')],
              ] as [Mark, string][]
            ).map(([value, label]) => (
              <label key={value || 'none'} className={['basket-choice', mark === value && 'basket-choice--checked'].filter(Boolean).join(' ')}>
                <input type="radio" name={`${id}-mark`} value={value} checked={mark === value} onChange={() => setMark(value)} />
                <span className="basket-choice__text">
                  <span className="basket-choice__label">{label}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <TextArea
          label={t('gifts.noteLabel')}
          name="note"
          rows={3}
          maxLength={GIFT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          hint={t('gifts.noteHint')}
          error={errors.note}
        />
        <TextField
          label={t('gifts.costLabel')}
          name="cost"
          inputMode="decimal"
          autoComplete="off"
          value={cost}
          onChange={(e) => setCost(e.target.value)}
          hint={t('gifts.costHint')}
          error={errors.cost}
          className="gift-card__cost"
        />
        <div className="basket-actions-row">
          <Button type="submit" loading={busy === 'save'}>
            {t('gifts.save')}
          </Button>
          {gift.withdrawable && (
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)} disabled={busy !== null}>
              {t('gifts.withdraw')}
            </Button>
          )}
        </div>
        <p role="status" className={status === 'saved' || status === 'withdrawn' ? 'basket-muted gift-card__status' : 'basket-notice gift-card__status'}>
          {status ? t(`gifts.${status}`) : ''}
        </p>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('gifts.withdrawTitle')}
        confirmLabel={t('gifts.withdrawConfirm')}
        cancelLabel={t('gifts.withdrawCancel')}
        onConfirm={() => void withdraw()}
        onCancel={() => setConfirming(false)}
        busy={busy === 'withdraw'}
      >
        <p>{t('gifts.withdrawText')}</p>
      </ConfirmDialog>
    </article>
  );
}
