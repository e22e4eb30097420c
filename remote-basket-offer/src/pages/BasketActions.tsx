import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@wishlist/contracts';
import { notify, useBasketStore } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { useBasketT } from '../i18n';
import '../styles/basket.css';

export interface BasketActionsProps {
  /** The focused product, if any. */
  product?: Product;
  isOwner: boolean;
}

/**
 * The non-owner controls of the list page (SPEC §2): add the focused product to the basket
 * (disabled when it has been offered or none is focused), remove it when already there, and Offer.
 * After adding, a notification offers to send the basket or to add more products.
 */
export default function BasketActions({ product, isOwner }: BasketActionsProps) {
  const { t } = useBasketT();
  const navigate = useNavigate();
  const hintId = useId();
  const count = useBasketStore((s) => s.products.length);
  const inBasket = useBasketStore((s) => !!product?.id && s.products.some((p) => p.id === product.id));
  if (isOwner) return null;

  const offered = product?.hasBeenOffered === true;
  const canAdd = !!product?.id && !offered;
  const hint = !product?.id ? t('actions.noFocusHint') : offered && !inBasket ? t('actions.offeredHint') : undefined;

  const add = () => {
    if (!product?.id || !canAdd) return;
    const added = useBasketStore.getState().add(product);
    if (!added && !useBasketStore.getState().has(product.id)) {
      notify({ type: 'error', id: 'basket-add', message: t('notifications.addFailed') });
      return;
    }
    notify({
      type: 'page',
      title: t('notifications.addedTitle'),
      message: t('notifications.added', { name: product.name }),
      actions: [{ label: t('notifications.offerBasket'), to: '/offer' }, { label: t('notifications.addMore') }],
    });
  };

  const remove = () => {
    if (!product?.id) return;
    useBasketStore.getState().remove(product.id);
    notify({ type: 'success', id: 'basket-remove', message: t('notifications.removed') });
  };

  return (
    <div className="basket-actions" role="group" aria-label={t('actions.groupLabel')}>
      {inBasket ? (
        <Button variant="secondary" size="sm" onClick={remove}>
          {t('actions.remove')}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={add} disabled={!canAdd} aria-describedby={hint ? hintId : undefined}>
          {t('actions.add')}
        </Button>
      )}
      <Button size="sm" onClick={() => navigate('/basket')} disabled={count === 0}>
        {t('actions.offer')}
        {count > 0 && (
          <>
            <span className="basket-badge basket-badge--inline" aria-hidden="true">
              {count}
            </span>
            <span className="basket-visually-hidden">, {t('actions.inBasket', { count })}</span>
          </>
        )}
      </Button>
      {hint && (
        <span id={hintId} className="basket-visually-hidden">
          {hint}
        </span>
      )}
    </div>
  );
}
