import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { paths } from '../lib/paths';
import { ActionButton, ActionLink, OpenPageAction, SeeBasketAction } from './CommonActions';
import { EditIcon, GiftIcon, ListIcon, PlusIcon, ShareIcon, TrashIcon, UndoIcon } from './Icons';
import { NonOwnerActions } from './NonOwnerActions';

export interface ProductActionsProps {
  list: ProductList;
  product?: Product;
  onToggleOffered: (product: Product) => void;
  onRemove: (product: Product) => void;
  /** The owner's visitor preview: no action, a word on what visitors do here and a way back. */
  preview?: { onExit: () => void };
}

/**
 * SPEC §2 tabs. Owner: Add, Edit, Remove, Offered / Not offered, Share, Lists (with no focused
 * product: add and share, plus lists); non-owner: `NonOwnerActions`; everyone: Open page, See my basket.
 */
export function ProductActions({ list, product, onToggleOffered, onRemove, preview }: ProductActionsProps) {
  const { t } = useListsT();
  if (preview) {
    return (
      <section className="lists-actions lists-actions--preview" aria-label={t('preview.label')}>
        <p className="lists-actions__preview">{t('preview.actions')}</p>
        <div className="lists-actions__bar">
          <ActionButton onClick={preview.onExit} icon={<UndoIcon />}>
            {t('preview.exit')}
          </ActionButton>
        </div>
      </section>
    );
  }
  return (
    <section className="lists-actions" aria-label={t('tabs.label')}>
      <div className="lists-actions__bar">
        {list.isOwner ? (
          <>
            <ActionLink to={paths.createProduct(list.id)} icon={<PlusIcon />}>
              {t('tabs.add')}
            </ActionLink>
            {product?.id && (
              <>
                <ActionLink to={paths.editProduct(list.id, product.id)} icon={<EditIcon />}>
                  {t('tabs.edit')}
                </ActionLink>
                <ActionButton onClick={() => onRemove(product)} icon={<TrashIcon />}>
                  {t('tabs.remove')}
                </ActionButton>
                {product.hasBeenOffered ? (
                  <ActionButton onClick={() => onToggleOffered(product)} icon={<UndoIcon />}>
                    {t('tabs.notOffered')}
                  </ActionButton>
                ) : (
                  <ActionButton onClick={() => onToggleOffered(product)} icon={<GiftIcon />}>
                    {t('tabs.offered')}
                  </ActionButton>
                )}
              </>
            )}
            <ActionLink to={paths.share(list.id)} icon={<ShareIcon />}>
              {t('tabs.share')}
            </ActionLink>
            <ActionLink to={paths.lists} icon={<ListIcon />}>
              {t('tabs.lists')}
            </ActionLink>
            <OpenPageAction product={product} />
            <SeeBasketAction />
          </>
        ) : (
          <NonOwnerActions list={list} product={product} />
        )}
      </div>
      {list.isOwner && !product && list.products.length > 0 && <p className="lists-actions__hint">{t('tabs.noFocus')}</p>}
    </section>
  );
}
