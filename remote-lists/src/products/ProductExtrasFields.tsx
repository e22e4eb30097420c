// Quantity, "most wanted" and note of the product form: how many the owner wishes, whether it is
// what they want most, and a plain-text note (size, colour...) shown on the card and in baskets.
import { PRODUCT_NOTE_MAX_LENGTH, PRODUCT_QUANTITY_MAX, type Product } from '@wishlist/contracts';
import { TextArea, TextField } from '@wishlist/ui';
import { useProductsT } from './i18n';

/** The fields as typed (the quantity stays text until it is checked). */
export interface ExtrasInput {
  quantity: string;
  mostWanted: boolean;
  note: string;
  /** Visitors chip in for it (a price of at least 5 €, one unit). */
  groupGift: boolean;
}

export function extrasOf(product?: Partial<Product>): ExtrasInput {
  return { quantity: String(product?.quantity ?? 1), mostWanted: product?.mostWanted === true, note: product?.note ?? '', groupGift: product?.groupGift === true };
}

/** The quantity as a number, or undefined when it is not a whole number from 1 to 99. */
export function quantityOf(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 1 && n <= PRODUCT_QUANTITY_MAX ? n : undefined;
}

/**
 * The extras that differ from the product's (or from the defaults for a new one): only they are
 * sent, so a save that leaves them alone is the same call as before they existed.
 */
export function changedExtras(
  original: Partial<Product> | undefined,
  next: { quantity: number; mostWanted: boolean; note: string; groupGift?: boolean },
): { quantity?: number; mostWanted?: boolean; note?: string; groupGift?: boolean } {
  const out: { quantity?: number; mostWanted?: boolean; note?: string; groupGift?: boolean } = {};
  if (next.quantity !== (original?.quantity ?? 1)) out.quantity = next.quantity;
  if (next.mostWanted !== (original?.mostWanted === true)) out.mostWanted = next.mostWanted;
  if (next.note !== (original?.note ?? '')) out.note = next.note;
  if (next.groupGift !== undefined && next.groupGift !== (original?.groupGift === true)) out.groupGift = next.groupGift;
  return out;
}

export function ProductExtrasFields({
  idPrefix,
  value,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  value: ExtrasInput;
  onChange: (next: ExtrasInput) => void;
  errors: { quantity?: string; note?: string; mostWanted?: string; groupGift?: string };
  disabled?: boolean;
}) {
  const { t } = useProductsT();
  return (
    <div className="lists-pf-extras">
      <TextField
        id={`${idPrefix}-quantity`}
        data-field="quantity"
        className="lists-pf-extras__quantity"
        label={t('form.quantity')}
        hint={t('form.quantityHint', { max: PRODUCT_QUANTITY_MAX })}
        type="number"
        inputMode="numeric"
        min={1}
        max={PRODUCT_QUANTITY_MAX}
        step={1}
        value={value.quantity}
        error={errors.quantity}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, quantity: e.target.value })}
      />
      <div className="lists-pf-check">
        <input
          id={`${idPrefix}-most-wanted`}
          data-field="mostWanted"
          type="checkbox"
          checked={value.mostWanted}
          disabled={disabled}
          aria-describedby={`${idPrefix}-most-wanted-hint`}
          onChange={(e) => onChange({ ...value, mostWanted: e.target.checked })}
        />
        <label htmlFor={`${idPrefix}-most-wanted`}>{t('form.mostWanted')}</label>
        <p id={`${idPrefix}-most-wanted-hint`} className="lists-pf-muted">
          {t('form.mostWantedHint')}
        </p>
      </div>
      <div className="lists-pf-check">
        <input
          id={`${idPrefix}-group-gift`}
          data-field="groupGift"
          type="checkbox"
          checked={value.groupGift}
          disabled={disabled}
          aria-invalid={errors.groupGift ? true : undefined}
          aria-describedby={`${idPrefix}-group-gift-hint${errors.groupGift ? ` ${idPrefix}-group-gift-error` : ''}`}
          onChange={(e) => onChange({ ...value, groupGift: e.target.checked })}
        />
        <label htmlFor={`${idPrefix}-group-gift`}>{t('form.groupGift')}</label>
        <p id={`${idPrefix}-group-gift-hint`} className="lists-pf-muted">
          {t('form.groupGiftHint')}
        </p>
        {errors.groupGift && (
          <p id={`${idPrefix}-group-gift-error`} className="ui-field__error" role="alert">
            {errors.groupGift}
          </p>
        )}
      </div>
      <TextArea
        id={`${idPrefix}-note`}
        data-field="note"
        label={t('form.note')}
        hint={t('form.noteHint')}
        rows={3}
        maxLength={PRODUCT_NOTE_MAX_LENGTH}
        value={value.note}
        error={errors.note}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, note: e.target.value })}
      />
    </div>
  );
}
