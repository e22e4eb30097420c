import { useId, useMemo, useState, type FormEvent } from 'react';
import { fieldErrors, isApiError, isAuthError } from '@wishlist/api-client';
import {
  NO_IMAGE,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_NOTE_MAX_LENGTH,
  PRODUCT_QUANTITY_MAX,
  isValidListName,
  isValidProductImage,
  parsePrice,
  productCreationFromUrlPath,
  type Product,
  type ProductList,
} from '@wishlist/contracts';
import { Button } from '@wishlist/ui/src/Button';
import { createList, saveProduct } from '../lib/api';
import { t, uiLanguage } from '../lib/i18n';
import type { PageReading } from '../lib/page';
import { setLastListId } from '../lib/settings';
import { isServerDown } from './usePopupSession';

const NEW_LIST = '__new__';

/** Cents as a person types them in their language ("12,50" in French). */
export function priceText(cents: number | null): string {
  if (cents === null) return '';
  const text = (cents / 100).toFixed(2);
  return uiLanguage() === 'fr' ? text.replace('.', ',') : text;
}

export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

interface Props {
  server: string;
  reading: Extract<PageReading, { kind: 'read' | 'unreadable' }>;
  lists: ProductList[];
  initialListId: string | null;
  /** A picture the person pointed at (context menu on an image): offered first. */
  preferredImage?: string | null;
  onListsChange: (lists: ProductList[]) => void;
  onSignedOut: () => void;
}

type Saved = { product: Product; list: ProductList };

export function ProductForm({ server, reading, lists, initialListId, preferredImage, onListsChange, onSignedOut }: Props) {
  const id = useId();
  const page = reading.kind === 'read' ? reading.product : null;
  const url = reading.kind === 'read' ? reading.product.url : reading.url;
  const images = useMemo(() => {
    const found = [preferredImage, ...(page?.images ?? [])].filter((s): s is string => !!s && isValidProductImage(s));
    return [...new Set(found), NO_IMAGE];
  }, [page, preferredImage]);

  const [name, setName] = useState(page?.name || (reading.kind === 'unreadable' ? reading.title : ''));
  const [price, setPrice] = useState(priceText(page?.price ?? null));
  const [image, setImage] = useState(images[0]);
  const [quantityText, setQuantityText] = useState('1');
  const [mostWanted, setMostWanted] = useState(false);
  const [note, setNote] = useState('');
  const [listId, setListId] = useState(initialListId && lists.some((l) => l.id === initialListId) ? initialListId : (lists[0]?.id ?? NEW_LIST));
  const [newListName, setNewListName] = useState('');
  const [creatingList, setCreatingList] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);

  const cents = parsePrice(price);
  const quantity = /^\d{1,2}$/.test(quantityText.trim()) && Number(quantityText) >= 1 && Number(quantityText) <= PRODUCT_QUANTITY_MAX ? Number(quantityText) : undefined;
  const chosenList = lists.find((l) => l.id === listId);
  const canSave = name.trim() !== '' && cents !== undefined && quantity !== undefined && Boolean(chosenList) && !saving;

  const handleError = (e: unknown, fallback: string) => {
    if (isAuthError(e)) return onSignedOut();
    if (isServerDown(e)) return setFailure(t('serverDown'));
    // The account's limits: the message says what to do (remove products, or wait).
    if (isApiError(e) && e.status === 429) return setFailure(t('tooManyCreated'));
    if (isApiError(e) && e.status === 409 && (e.data as { error?: { code?: unknown } } | null)?.error?.code === 'account_full') return setFailure(t('accountFull'));
    const fields = fieldErrors(e);
    if (isApiError(e) && e.status === 422 && Object.keys(fields).length > 0) {
      setErrors(Object.fromEntries(Object.keys(fields).map((k) => [k, t('fieldInvalid')])));
      return setFailure(t('dataError'));
    }
    setFailure(fallback);
  };

  const addList = async () => {
    if (!isValidListName(newListName) || creatingList) return;
    setCreatingList(true);
    setFailure(null);
    try {
      const list = await createList(newListName.trim());
      onListsChange([...lists, { ...list, isOwner: true }]);
      setListId(list.id);
      setNewListName('');
    } catch (e) {
      handleError(e, t('listCreationFailed'));
    } finally {
      setCreatingList(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave || !chosenList || cents === undefined || quantity === undefined) return;
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      // Only what differs from the defaults is sent (the same call as before these fields existed).
      const extras = { ...(quantity !== 1 ? { quantity } : {}), ...(mostWanted ? { mostWanted } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
      const product = await saveProduct({ name: name.trim(), price: cents, image, url, productListId: chosenList.id, ...extras });
      await setLastListId(chosenList.id);
      setSaved({ product, list: chosenList });
    } catch (err) {
      handleError(err, t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    const href = `${server}/product-list/${encodeURIComponent(saved.list.id)}/${encodeURIComponent(saved.product.id ?? '')}`;
    return (
      <section className="x-section x-saved" aria-labelledby={`${id}-saved`}>
        <div role="status" className="x-section">
          <h2 id={`${id}-saved`} className="x-title">
            {t('savedTitle', saved.list.name)}
          </h2>
          <p className="x-saved__name">{saved.product.name}</p>
        </div>
        <a className="ui-button ui-button--primary ui-button--md ui-button--block" href={href} target="_blank" rel="noopener noreferrer">
          <span className="ui-button__label">{t('seeInList')}</span>
        </a>
      </section>
    );
  }

  const openInWishlist = `${server}${productCreationFromUrlPath(url, chosenList?.id)}`;

  return (
    <form className="x-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="x-title">
        {t('formTitle')}
      </h2>
      <p className="x-muted x-site">{t('fromSite', siteOf(url))}</p>
      {reading.kind === 'unreadable' && <p className="x-note x-note--warn">{t('pageUnreadable')}</p>}
      {page && !page.isProduct && <p className="x-note x-note--warn">{t('notAProduct')}</p>}

      <div className="x-field">
        <label htmlFor={`${id}-name`}>{t('nameLabel')}</label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={PRODUCT_NAME_MAX_LENGTH}
          value={name}
          aria-invalid={errors.name || name.trim() === '' ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name && <p className="x-error">{errors.name}</p>}
      </div>

      <div className="x-field">
        <label htmlFor={`${id}-price`}>{t('priceLabel')}</label>
        <input
          id={`${id}-price`}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          aria-invalid={cents === undefined || errors.price ? true : undefined}
          aria-describedby={`${id}-price-hint`}
          onChange={(e) => setPrice(e.target.value)}
        />
        <p id={`${id}-price-hint`} className={cents === undefined ? 'x-error' : 'x-muted'}>
          {cents === undefined ? t('priceInvalid') : t('priceHint')}
        </p>
      </div>

      <div className="x-field">
        <label htmlFor={`${id}-quantity`}>{t('quantityLabel')}</label>
        <input
          id={`${id}-quantity`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={PRODUCT_QUANTITY_MAX}
          className="x-quantity"
          value={quantityText}
          aria-invalid={quantity === undefined || errors.quantity ? true : undefined}
          aria-describedby={`${id}-quantity-hint`}
          onChange={(e) => setQuantityText(e.target.value)}
        />
        <p id={`${id}-quantity-hint`} className={quantity === undefined ? 'x-error' : 'x-muted'}>
          {quantity === undefined ? t('quantityInvalid') : t('quantityHint')}
        </p>
      </div>

      <div className="x-check">
        <input id={`${id}-wanted`} name="mostWanted" type="checkbox" checked={mostWanted} onChange={(e) => setMostWanted(e.target.checked)} />
        <label htmlFor={`${id}-wanted`}>{t('mostWantedLabel')}</label>
      </div>

      <div className="x-field">
        <label htmlFor={`${id}-note`}>{t('noteLabel')}</label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          maxLength={PRODUCT_NOTE_MAX_LENGTH}
          value={note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`${id}-note-hint`}
          onChange={(e) => setNote(e.target.value)}
        />
        <p id={`${id}-note-hint`} className="x-muted">
          {t('noteHint')}
        </p>
        {errors.note && <p className="x-error">{errors.note}</p>}
      </div>

      <fieldset className="x-images">
        <legend>{t('imageLegend')}</legend>
        <div className="x-images__grid">
          {images.map((src, i) => (
            <label key={src} className="x-image">
              <input type="radio" name="image" value={src} checked={image === src} onChange={() => setImage(src)} />
              <img src={src} alt={src === NO_IMAGE ? t('noImage') : t('imageN', String(i + 1))} referrerPolicy="no-referrer" />
            </label>
          ))}
        </div>
        {errors.image && <p className="x-error">{errors.image}</p>}
      </fieldset>

      <div className="x-field">
        <label htmlFor={`${id}-list`}>{t('listLabel')}</label>
        <select id={`${id}-list`} name="list" value={listId} onChange={(e) => setListId(e.target.value)}>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          <option value={NEW_LIST}>{t('newListOption')}</option>
        </select>
      </div>
      {listId === NEW_LIST && (
        <div className="x-newlist">
          <label htmlFor={`${id}-newlist`}>{t('newListLabel')}</label>
          <div className="x-newlist__row">
            <input
              id={`${id}-newlist`}
              value={newListName}
              maxLength={100}
              onChange={(e) => setNewListName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void addList();
                }
              }}
            />
            <Button size="sm" variant="secondary" onClick={() => void addList()} loading={creatingList} disabled={!isValidListName(newListName)}>
              {t('createList')}
            </Button>
            {lists.length > 0 && (
              <Button size="sm" variant="ghost" onClick={() => setListId(lists[0].id)}>
                {t('cancel')}
              </Button>
            )}
          </div>
        </div>
      )}

      {failure && (
        <p className="x-error x-error--block" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" block loading={saving} disabled={!canSave}>
        {t('save')}
      </Button>
      <p className="x-muted x-fallback">
        <a href={openInWishlist} target="_blank" rel="noopener noreferrer">
          {t('openInWishlist')}
        </a>
      </p>
    </form>
  );
}
