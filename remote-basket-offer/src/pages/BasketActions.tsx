import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@wishlist/contracts';
import { notify, useBasketStore } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { BasketIcon, GiftIcon, MinusIcon } from '../components/Icons';
import { useBasketT } from '../i18n';
import '../strings/actions';
import '../strings/notifications';
import '../strings/pledge';
import '../styles/basket.css';

export interface BasketActionsProps {
  /** The focused product, if any. */
  product?: Product;
  isOwner: boolean;
  /**
   * Host-page look: when given, each control is a `<button className={tabClassName}>` with an icon
   * and a `<span className={tabLabelClassName}>` label, laid out in the host's own tab bar.
   */
  tabClassName?: string;
  tabLabelClassName?: string;
}

function Control({
  tab,
  label,
  icon,
  variant,
  onClick,
  disabled,
  describedBy,
  children,
}: {
  tab?: { className: string; labelClassName?: string };
  label: string;
  icon: ReactNode;
  variant: 'primary' | 'secondary';
  onClick: () => void;
  disabled?: boolean;
  describedBy?: string;
  children?: ReactNode;
}) {
  if (tab)
    return (
      <button type="button" className={tab.className} onClick={onClick} disabled={disabled} aria-describedby={describedBy}>
        {icon}
        <span className={tab.labelClassName}>{label}</span>
        {children}
      </button>
    );
  return (
    <Button variant={variant} size="sm" onClick={onClick} disabled={disabled} aria-describedby={describedBy}>
      {label}
      {children}
    </Button>
  );
}

/**
 * The non-owner controls of the list page (SPEC §2): add the focused product to the basket
 * (disabled when it has been offered or none is focused), remove it when already there, and Offer.
 * After adding, a notification offers to send the basket or to add more products.
 */
export default function BasketActions({ product, isOwner, tabClassName, tabLabelClassName }: BasketActionsProps) {
  const { t } = useBasketT();
  const navigate = useNavigate();
  const hintId = useId();
  const offerHintId = useId();
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

  const tab = tabClassName ? { className: tabClassName, labelClassName: tabLabelClassName } : undefined;
  // A group gift is pledged for in parts, never put in the basket whole.
  const groupGift = product?.groupGift === true && !!product.id;
  const chipIn = () => {
    if (!product?.id) return;
    navigate(`/chip-in/${encodeURIComponent(product.productListId)}/${encodeURIComponent(product.id)}`);
  };
  const controls = (
    <>
      {groupGift ? (
        <Control
          tab={tab}
          variant="secondary"
          icon={<GiftIcon size={20} />}
          label={t('pledge.chipIn')}
          onClick={chipIn}
          disabled={offered}
          describedBy={hintId}
        />
      ) : inBasket ? (
        <Control tab={tab} variant="secondary" icon={<MinusIcon />} label={t('actions.remove')} onClick={remove} />
      ) : (
        <Control
          tab={tab}
          variant="secondary"
          icon={<BasketIcon size={20} />}
          label={t('actions.add')}
          onClick={add}
          disabled={!canAdd}
          describedBy={hint ? hintId : undefined}
        />
      )}
      <Control
        tab={tab}
        variant="primary"
        icon={<GiftIcon size={20} />}
        label={t('actions.offer')}
        onClick={() => navigate('/basket')}
        disabled={count === 0}
        describedBy={count === 0 ? offerHintId : undefined}
      >
        {count > 0 && (
          <>
            <span className="basket-badge basket-badge--inline" aria-hidden="true">
              {count}
            </span>
            <span className="basket-visually-hidden">, {t('actions.inBasket', { count })}</span>
          </>
        )}
      </Control>
      {count === 0 && (
        // Said next to the disabled Offer control, for everyone (not only screen readers).
        <span id={offerHintId} className="basket-offer-hint">
          {t('actions.offerEmptyHint')}
        </span>
      )}
      {(hint || groupGift) && (
        <span id={hintId} className="basket-visually-hidden">
          {groupGift ? (offered ? t('actions.offeredHint') : t('pledge.chipInHint')) : hint}
        </span>
      )}
    </>
  );
  if (tab) return controls;
  return (
    <div className="basket-actions" role="group" aria-label={t('actions.groupLabel')}>
      {controls}
    </div>
  );
}
