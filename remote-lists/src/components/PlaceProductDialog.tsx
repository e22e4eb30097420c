// "Move to…" and "Copy to…" of the owner's list page: the selected product goes to another of the
// owner's lists (move: it leaves this one) or is on that list too (copy). A copy is the same wish on
// both lists, not a second product: offered on one, it is offered on both.
import { useEffect, useId, useState } from 'react';
import { fieldErrors, isApiError, isSignedOutError, setProductLists } from '@wishlist/api-client';
import type { Product, ProductList } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { ConfirmDialog } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { useListsStore } from '../state/listsStore';
import '../styles/severalLists.css';

export type PlaceMode = 'move' | 'copy';

/** Every list the product is on (home first), as the owner's answers give it. */
export function listsOfProduct(product: Product, fallbackListId: string): string[] {
  return product.productListIds?.length ? product.productListIds : [product.productListId || fallbackListId];
}

/** The lists the product is on after a move from `fromListId` to `toListId`, or a copy to it. */
export function placedLists(current: readonly string[], mode: PlaceMode, fromListId: string, toListId: string): string[] {
  const kept = mode === 'move' ? current.filter((id) => id !== fromListId) : [...current];
  return kept.includes(toListId) ? kept : [...kept, toListId];
}

/** The owner's other lists a product can go to: for a copy, those it is not on yet. */
export function placeTargets(lists: readonly ProductList[], product: Product, fromListId: string, mode: PlaceMode): ProductList[] {
  const on = listsOfProduct(product, fromListId);
  return lists.filter((l) => l.isOwner && !l.archived && l.id !== fromListId && (mode === 'move' || !on.includes(l.id)));
}

export function PlaceProductDialog({ list, product, mode, onClose }: { list: ProductList; product: Product; mode: PlaceMode; onClose: () => void }) {
  const { t } = useListsT();
  const id = useId();
  const lists = useListsStore((s) => s.lists);
  const targets = placeTargets(lists, product, list.id, mode);
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => setError(''), [target]);

  const name = product.name?.trim() || t('product.noName');
  const confirm = async () => {
    const to = targets.find((l) => l.id === target);
    if (!to || !product.id) return;
    setBusy(true);
    try {
      const placed = await setProductLists(product.id, placedLists(listsOfProduct(product, list.id), mode, list.id, to.id));
      useListsStore.getState().upsertProduct({ ...product, ...placed });
      notify({ type: 'success', message: t(mode === 'move' ? 'severalLists.moved' : 'severalLists.copied', { name, list: to.name }) });
      onClose();
    } catch (e) {
      setBusy(false);
      if (isSignedOutError(e)) return onClose();
      const full = fieldErrors(e).productListIds === 'list-full';
      setError(t(full ? 'severalLists.full' : isApiError(e) && e.status === 409 ? 'severalLists.archived' : 'severalLists.failed'));
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(mode === 'move' ? 'severalLists.moveTitle' : 'severalLists.copyTitle', { name })}
      confirmLabel={t(mode === 'move' ? 'severalLists.moveConfirm' : 'severalLists.copyConfirm')}
      cancelLabel={t('severalLists.cancel')}
      confirmVariant="primary"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>{t(mode === 'move' ? 'severalLists.moveText' : 'severalLists.copyText')}</p>
      {targets.length === 0 ? (
        <p role="status">{t('severalLists.noTarget')}</p>
      ) : (
        <fieldset className="lists-place">
          <legend className="lists-place__legend">{t('severalLists.target')}</legend>
          {targets.map((l) => (
            <label key={l.id} className="lists-place__option" htmlFor={`${id}-${l.id}`}>
              <input id={`${id}-${l.id}`} type="radio" name={`${id}-target`} value={l.id} checked={target === l.id} onChange={() => setTarget(l.id)} disabled={busy} />
              <span>{l.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
