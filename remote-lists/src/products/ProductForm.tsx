// The product form of SPEC §2 "Product creation and edit": name, price, picture (slider) and list
// (with an inline new list). Submit is enabled with a non-empty name, the pictures checked and an
// owned list chosen (SPEC §5); a 422 marks the fields, other failures notify and stay.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { isApiError, isSignedOutError } from '@wishlist/api-client';
import { deleteProduct } from '@wishlist/api-client';
import { PRODUCT_NAME_MAX_LENGTH, websiteName, type Product } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog, Spinner, TextField } from '@wishlist/ui';
import { fieldErrorsOf, isUnreachable, limitRefusalOf, type FieldErrors } from './errors';
import { NS, useProductsT } from './i18n';
import { ImagePicker } from './ImagePicker';
import { useImageChoices } from './images';
import { ListSelector } from './ListSelector';
import { syncRemoved, syncSaved } from './listsSync';
import { centsToField, fieldToCents, priceExample } from './price';
import { saveProduct, type SaveResult } from './saveProduct';
import { PriceWatchPanel } from './PriceWatchPanel';
import { changedExtras, extrasOf, ProductExtrasFields, quantityOf } from './ProductExtrasFields';
import { ListsAndPrivacyFields } from './ListsAndPrivacyFields';
import { useOwnedLists } from './useOwnedLists';

/** What the form starts from: scraped metadata (creation) or the stored product (edition). */
export interface ProductDraft {
  id?: string;
  name: string;
  price: number | null;
  url: string;
  /** The current picture (edition); it is offered first. */
  image?: string;
  /** The product's list (edition). */
  productListId?: string;
  /** ISO currency of a scraped price, when the page gave one. */
  currency?: string | null;
  original?: Product;
}

export interface ProductFormProps {
  draft: ProductDraft;
  /** Picture candidates (absolute URLs, best first); null while not known yet. */
  candidates: string[] | null;
  /** Our own copy of candidates, keyed by URL (shown and checked instead of the shop's). */
  pictures?: Record<string, string>;
  /** The list named by the route (creation): the default when it is one of the person's lists. */
  routeListId?: string;
  imagesNote?: string;
  /** A word above the fields (creation: why they are empty, e.g. the shop blocks automatic reading). */
  notice?: string;
  /** Moves the focus to the name field once the form is shown (the person fills it by hand). */
  focusName?: boolean;
  onSaved: (result: SaveResult) => void;
  onCancel: () => void;
  /** A save failed for another reason than invalid data (after the failure notification). */
  onSaveFailed?: () => void;
  /** Creation: go back to the URL step. */
  onChangeUrl?: () => void;
  /** Edition: the product was removed. */
  onRemoved?: (listId: string) => void;
}

const FIELD_ORDER = ['name', 'price', 'quantity', 'mostWanted', 'groupGift', 'note', 'image', 'productListId', 'productListIds', 'hidden', 'url'] as const;

export function ProductForm({
  draft,
  candidates,
  pictures,
  routeListId,
  imagesNote,
  notice,
  focusName = false,
  onSaved,
  onCancel,
  onSaveFailed,
  onChangeUrl,
  onRemoved,
}: ProductFormProps) {
  const { t, i18n, lang } = useProductsT();
  const id = useId();
  const isEdit = Boolean(draft.id && draft.id.trim());
  const [name, setName] = useState(draft.name);
  const [priceText, setPriceText] = useState(() => centsToField(draft.price, lang));
  const [image, setImage] = useState<string | null>(draft.image ?? null);
  const [extras, setExtras] = useState(() => extrasOf(draft.original));
  // A product on several lists: the selector shows its home list, "Also on" the others.
  const { lists, setLists, listId, setListId, retry } = useOwnedLists([draft.original?.productListIds?.[0] ?? draft.productListId, routeListId]);
  const [alsoOn, setAlsoOn] = useState<string[]>(() => draft.original?.productListIds?.slice(1) ?? []);
  const [hidden, setHidden] = useState(draft.original?.hidden === true);
  const [creatingList, setCreatingList] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { images, loading: imagesLoading } = useImageChoices(candidates, pictures);

  useEffect(() => {
    if (focusName) formRef.current?.querySelector<HTMLElement>('[data-field="name"]')?.focus();
    // Once, when the form is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ownedLists = lists.status === 'ready' ? lists.lists : [];
  const chosenImage = image && images.includes(image) ? image : imagesLoading ? '' : images[0];
  const listIsOwned = ownedLists.some((l) => l.id === listId);
  const canSubmit = name.trim() !== '' && !imagesLoading && Boolean(chosenImage) && listIsOwned && !creatingList;

  const priceCents = useMemo(() => fieldToCents(priceText), [priceText]);
  const example = priceExample(lang);

  const codeText = (code: string) => {
    const key = [`form.codes.${code}`, `severalLists.codes.${code}`].find((k) => i18n.exists(k, { ns: NS }));
    return key ? t(key) : undefined;
  };
  const messageFor = (field: string, raw: string) =>
    codeText(raw) ?? t(`form.errors.${field}`, { message: raw, defaultValue: raw });

  const focusFirstError = (fields: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => fields[f]);
    if (!first || !formRef.current) return;
    const target =
      first === 'image'
        ? formRef.current.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')
        : formRef.current.querySelector<HTMLElement>(`[data-field="${first}"]`);
    target?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit || saving) return;
    if (priceCents === undefined) {
      const fields = { price: t('form.priceInvalid', { example }) };
      setErrors(fields);
      focusFirstError(fields);
      return;
    }
    const quantity = quantityOf(extras.quantity);
    if (quantity === undefined) {
      const fields = { quantity: t('form.codes.invalid-quantity') };
      setErrors(fields);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await saveProduct(
        {
          id: draft.id,
          name: name.trim(),
          image: chosenImage,
          price: priceCents,
          url: draft.url,
          productListId: listId,
          ...changedExtras(draft.original, { quantity, mostWanted: extras.mostWanted, note: extras.note.trim(), groupGift: extras.groupGift }),
          ...(hidden !== (draft.original?.hidden === true) ? { hidden } : {}),
          productListIds: [listId, ...alsoOn.filter((l) => l !== listId && ownedLists.some((o) => o.id === l))],
        },
        draft.original,
      );
      syncSaved(result);
      notify({ type: 'success', message: t(result.created ? 'notifications.created' : 'notifications.updated') });
      onSaved(result);
    } catch (err) {
      if (isSignedOutError(err)) {
        setSaving(false);
        return;
      }
      const fields = fieldErrorsOf(err);
      if (isApiError(err) && err.status === 422) {
        const shown: FieldErrors = {};
        for (const [field, raw] of Object.entries(fields)) if (raw) shown[field] = messageFor(field, raw);
        setErrors(shown);
        notify({ type: 'error', message: t('notifications.dataError') });
        setSaving(false);
        setTimeout(() => focusFirstError(shown), 0);
        return;
      }
      const refusal = limitRefusalOf(err);
      notify({
        type: 'error',
        message: isUnreachable(err)
          ? t('notifications.unreachable')
          : refusal
            ? t(`notifications.${refusal}`)
            : t(isEdit ? 'notifications.updateFailed' : 'notifications.createFailed'),
      });
      setSaving(false);
      onSaveFailed?.();
    }
  };

  const remove = async () => {
    if (!draft.id) return;
    setRemoving(true);
    const fromList = draft.productListId ?? listId;
    try {
      await deleteProduct(draft.id);
      syncRemoved(fromList, draft.id);
      notify({ type: 'success', message: t('notifications.removed') });
      setConfirmRemove(false);
      onRemoved?.(fromList);
    } catch (err) {
      if (!isSignedOutError(err)) notify({ type: 'error', message: isUnreachable(err) ? t('notifications.unreachable') : t('notifications.removeFailed') });
      setRemoving(false);
      setConfirmRemove(false);
    }
  };

  const priceError = errors.price ?? (priceText.trim() !== '' && priceCents === undefined ? t('form.priceInvalid', { example }) : undefined);
  const showCurrency = draft.currency && draft.currency !== 'EUR' && draft.price !== null && priceText === centsToField(draft.price, lang);
  const site = websiteName(draft.url);

  return (
    <form
      ref={formRef}
      className="lists-pf-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={saving || undefined}
    >
      {notice && (
        // An alert: it appears with the form, as the focus moves to the name field.
        <div className="lists-pf-alert lists-pf-notice" role="alert">
          <p>{notice}</p>
        </div>
      )}
      {draft.url && (
        <div className="lists-pf-source">
          <span className="lists-pf-source__label">{t('form.page')}</span>
          <a className="lists-pf-source__link" href={draft.url} target="_blank" rel="noopener noreferrer" title={draft.url}>
            {site || draft.url}
          </a>
          {onChangeUrl && (
            <Button variant="ghost" size="sm" onClick={onChangeUrl} disabled={saving}>
              {t('form.changeUrl')}
            </Button>
          )}
        </div>
      )}

      <TextField
        id={`${id}-name`}
        data-field="name"
        label={t('form.name')}
        required
        value={name}
        maxLength={PRODUCT_NAME_MAX_LENGTH}
        autoComplete="off"
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
      />

      <TextField
        id={`${id}-price`}
        data-field="price"
        label={t('form.price')}
        hint={showCurrency ? t('form.priceCurrency', { currency: draft.currency }) : t('form.priceHint', { example })}
        value={priceText}
        inputMode="decimal"
        autoComplete="off"
        error={priceError}
        onChange={(e) => {
          setPriceText(e.target.value);
          if (errors.price) setErrors((x) => ({ ...x, price: undefined }));
        }}
        onBlur={() => {
          // Normalise a valid typed price to two decimals in the page's style (step 0.01).
          const cents = fieldToCents(priceText);
          if (cents !== undefined) setPriceText(centsToField(cents, lang));
        }}
      />

      {isEdit && draft.original?.url && (
        <PriceWatchPanel product={draft.original} onChecked={(read) => setPriceText(centsToField(read.price, lang))} />
      )}

      <ProductExtrasFields
        idPrefix={id}
        value={extras}
        errors={errors}
        disabled={saving}
        onChange={(next) => {
          setExtras(next);
          if (errors.quantity || errors.note || errors.mostWanted || errors.groupGift) setErrors((x) => ({ ...x, quantity: undefined, note: undefined, mostWanted: undefined, groupGift: undefined }));
        }}
      />

      <ImagePicker
        images={images}
        loading={imagesLoading}
        value={chosenImage}
        onChange={(img) => {
          setImage(img);
          if (errors.image) setErrors((x) => ({ ...x, image: undefined }));
        }}
        error={errors.image}
        note={imagesNote}
        pictures={pictures}
      />

      {lists.status === 'loading' && (
        <p className="lists-pf-muted" role="status">
          <Spinner size="sm" /> {t('form.listsLoading')}
        </p>
      )}
      {lists.status === 'failed' && (
        <div className="lists-pf-alert" role="alert">
          <span>{t('form.listsFailed')}</span>
          <Button variant="secondary" size="sm" onClick={retry}>
            {t('form.retry')}
          </Button>
        </div>
      )}
      {lists.status === 'ready' && (
        <ListSelector
          lists={ownedLists}
          value={listId}
          onChange={(next) => {
            setListId(next);
            if (errors.productListId) setErrors((x) => ({ ...x, productListId: undefined }));
          }}
          onCreated={(list) =>
            setLists((s) => (s.status === 'ready' ? { status: 'ready', lists: [...s.lists, { ...list, isOwner: true }] } : s))
          }
          onCreatingChange={setCreatingList}
          error={errors.productListId}
          disabled={saving}
        />
      )}
      {lists.status === 'ready' && (
        <ListsAndPrivacyFields
          idPrefix={id}
          lists={ownedLists}
          homeListId={listId}
          alsoOn={alsoOn}
          onAlsoOnChange={setAlsoOn}
          hidden={hidden}
          onHiddenChange={setHidden}
          error={errors.productListIds ?? errors.hidden}
          disabled={saving}
        />
      )}

      {errors.url && (
        <p className="ui-field__error" role="alert">
          {errors.url}
        </p>
      )}

      <div className="lists-pf-actions">
        {isEdit && onRemoved && (
          <Button variant="danger" className="lists-pf-actions__remove" onClick={() => setConfirmRemove(true)} disabled={saving}>
            {t('form.remove')}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={!canSubmit} loading={saving}>
          {isEdit ? t('form.save') : t('form.add')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirmRemove}
        title={t('form.removeTitle')}
        confirmLabel={t('form.remove')}
        cancelLabel={t('form.removeCancel')}
        busy={removing}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => void remove()}
      >
        <p>{t('form.removeText', { name: draft.name })}</p>
        {(draft.original?.productListIds?.length ?? 0) > 1 && <p>{t('severalLists.removeEverywhere')}</p>}
      </ConfirmDialog>
    </form>
  );
}
