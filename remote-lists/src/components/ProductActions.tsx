import { giftsHidden, type Product, type ProductList } from '@wishlist/contracts';
import { useIsMobile } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { paths } from '../lib/paths';
import { useBottomBarHeight } from '../lib/useBottomBarHeight';
import { BarItem, openPageAction, seeBasketAction, type BarAction } from './CommonActions';
import { EditIcon, GiftIcon, ListIcon, PlusIcon, ShareIcon, TrashIcon, UndoIcon } from './Icons';
import { MoreMenu } from './MoreMenu';
import { NonOwnerActions } from './NonOwnerActions';

export interface ProductActionsProps {
  list: ProductList;
  /** The selected product, if any: every product action applies to it. */
  product?: Product;
  onToggleOffered: (product: Product) => void;
  onRemove: (product: Product) => void;
  /** "Move to…" / "Copy to…" another of the owner's lists (absent: the owner has no other list). */
  onPlace?: (product: Product, mode: 'move' | 'copy') => void;
  /** The owner's visitor preview: no action, a word on what visitors do here and a way back. */
  preview?: { onExit: () => void };
}

/** On a phone, the owner's bar shows this many actions as labelled icons; the rest go to "More". */
export const MOBILE_BAR_SLOTS = 4;

/**
 * The owner's actions, the selected product's first (so Tab from its card lands on them), then
 * Add, Share, Lists, Open page and See my basket. With no selected product: add and share (SPEC §2),
 * lists, and the two everyone has.
 */
export function ownerActions(
  t: (key: string) => string,
  list: ProductList,
  product: Product | undefined,
  handlers: Pick<ProductActionsProps, 'onToggleOffered' | 'onRemove' | 'onPlace'>,
): BarAction[] {
  const add: BarAction = { key: 'add', label: t('tabs.add'), icon: <PlusIcon />, to: paths.createProduct(list.id) };
  const share: BarAction = { key: 'share', label: t('tabs.share'), icon: <ShareIcon />, to: paths.share(list.id) };
  const lists: BarAction = { key: 'lists', label: t('tabs.lists'), icon: <ListIcon />, to: paths.lists };
  const rest = [openPageAction(t, product), seeBasketAction(t)];
  if (!product?.id) return [add, share, lists, ...rest];
  const p = product;
  // Before a surprise's reveal the owner cannot know whether a giver holds the product: no
  // "Offered / Not offered" (the service refuses them too, 409 surprise_kept).
  const offered: BarAction[] = giftsHidden(list, new Date())
    ? []
    : [
        p.hasBeenOffered
          ? { key: 'offered', label: t('tabs.notOffered'), icon: <UndoIcon />, onClick: () => handlers.onToggleOffered(p) }
          : { key: 'offered', label: t('tabs.offered'), icon: <GiftIcon />, onClick: () => handlers.onToggleOffered(p) },
      ];
  return [
    ...offered,
    { key: 'edit', label: t('tabs.edit'), icon: <EditIcon />, to: paths.editProduct(list.id, p.id!) },
    { key: 'remove', label: t('tabs.remove'), icon: <TrashIcon />, onClick: () => handlers.onRemove(p) },
    ...placeActions(t, p, handlers.onPlace),
    add,
    share,
    lists,
    ...rest,
  ];
}

function placeActions(t: (key: string) => string, p: Product, onPlace: ProductActionsProps['onPlace']): BarAction[] {
  if (!onPlace) return [];
  return [
    { key: 'move', label: t('severalLists.moveTo'), icon: <ListIcon />, onClick: () => onPlace(p, 'move') },
    { key: 'copy', label: t('severalLists.copyTo'), icon: <PlusIcon />, onClick: () => onPlace(p, 'copy') },
  ];
}

/**
 * SPEC §2 tabs, at the bottom of the list page. The bar names the selected product. On a desktop
 * every action is shown; on a phone the first four are labelled icons and the rest sit in a
 * "More" menu, so nothing is ever off-screen. Visitors: `NonOwnerActions`.
 */
export function ProductActions({ list, product, onToggleOffered, onRemove, onPlace, preview }: ProductActionsProps) {
  const { t } = useListsT();
  const isMobile = useIsMobile();
  const ref = useBottomBarHeight<HTMLElement>();
  const name = product ? product.name?.trim() || t('product.noName') : null;
  const status = name
    ? t('tabs.selected', { name })
    : list.products.length > 0 && (list.isOwner || !list.archived)
      ? t(list.isOwner ? 'tabs.noFocus' : 'tabs.noFocusVisitor')
      : '';

  if (preview) {
    return (
      <section ref={ref} className="lists-actions lists-actions--preview" aria-label={t('preview.label')}>
        <p className="lists-actions__preview">{t('preview.actions')}</p>
        <div className="lists-actions__bar">
          <BarItem action={{ key: 'exit', label: t('preview.exit'), icon: <UndoIcon />, onClick: preview.onExit }} />
        </div>
      </section>
    );
  }

  let bar;
  if (list.isOwner) {
    const actions = ownerActions(t, list, product, { onToggleOffered, onRemove, onPlace });
    const shown = isMobile && actions.length > MOBILE_BAR_SLOTS + 1 ? actions.slice(0, MOBILE_BAR_SLOTS) : actions;
    const more = actions.slice(shown.length);
    bar = (
      <>
        {shown.map((a) => (
          <BarItem key={a.key} action={a} />
        ))}
        {more.length > 0 && <MoreMenu actions={more} />}
      </>
    );
  } else {
    bar = <NonOwnerActions list={list} product={product} />;
  }

  return (
    <section ref={ref} className="lists-actions" aria-label={t('tabs.label')}>
      <p className={name ? 'lists-actions__selected' : 'lists-actions__hint'} aria-live="polite">
        {status}
      </p>
      <div className="lists-actions__bar">{bar}</div>
    </section>
  );
}
