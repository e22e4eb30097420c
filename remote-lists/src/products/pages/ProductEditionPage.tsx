// /product-list/{productListId}/product/{productId}/edit (SPEC §2 product-edition): loads the product
// and its page's pictures (its current picture first), shows the form; a load failure notifies and
// goes back; after a save or a removal, the listing.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { getPageMetadata, getProductInList, getProductLists, isSignedOutError } from '@wishlist/api-client';
import { NO_IMAGE, type Product } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { Spinner } from '@wishlist/ui';
import { isUnreachable } from '../errors';
import { useListsT } from '../../i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProductsT } from '../i18n';
import { productListingPath, useGoBack } from '../navigation';
import { ProductForm } from '../ProductForm';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; product: Product; candidates: string[] | null; pictures?: Record<string, string>; imagesFailed: boolean };

export default function ProductEditionPage() {
  const { productListId = '', productId = '' } = useParams();
  const { t } = useProductsT();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { t: tLists } = useListsT();
  usePageTitle(t('titles.edit'), tLists('common.siteName'));

  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    Promise.all([getProductInList(productListId, productId), getProductLists({ summary: true })]).then(
      ([product, lists]) => {
        if (cancelled) return;
        const listId = product.productListId || productListId;
        if (!lists.some((l) => l.isOwner && l.id === listId)) {
          notify({ type: 'error', message: t('notifications.notOwner') });
          navigate(productListingPath(listId, productId), { replace: true });
          return;
        }
        const loaded = { ...product, productListId: listId };
        const current = loaded.image && loaded.image !== NO_IMAGE ? [loaded.image] : [];
        const own: Record<string, string> = current.length && loaded.picture ? { [current[0]]: loaded.picture } : {};
        setState({ kind: 'ready', product: loaded, candidates: null, pictures: own, imagesFailed: false });
        getPageMetadata(loaded.url).then(
          (meta) =>
            !cancelled && setState({ kind: 'ready', product: loaded, candidates: [...current, ...meta.images], pictures: { ...meta.pictures, ...own }, imagesFailed: false }),
          () => !cancelled && setState({ kind: 'ready', product: loaded, candidates: current, pictures: own, imagesFailed: true }),
        );
      },
      (e: unknown) => {
        if (cancelled || isSignedOutError(e)) return;
        notify({ type: 'error', message: isUnreachable(e) ? t('notifications.unreachable') : t('notifications.getFailed') });
        goBack(productListingPath(productListId));
      },
    );
    return () => {
      cancelled = true;
    };
    // Load once per product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productListId, productId]);

  return (
    <div className="lists-pf-page">
      <section className="lists-pf">
        <div className="lists-pf-header">
          <h1 className="lists-pf-title">{t('titles.edit')}</h1>
        </div>
        {state.kind === 'loading' ? (
          <p className="lists-pf-reading" role="status">
            <Spinner size="md" /> {t('form.loadingProduct')}
          </p>
        ) : (
          <ProductForm
            key={state.product.id}
            draft={{
              id: state.product.id,
              name: state.product.name,
              price: state.product.price,
              url: state.product.url,
              image: state.product.image || NO_IMAGE,
              productListId: state.product.productListId,
              original: state.product,
            }}
            candidates={state.candidates}
            pictures={state.pictures}
            imagesNote={state.imagesFailed ? t('form.imagesFailed') : undefined}
            onSaved={({ product }) => navigate(productListingPath(product.productListId, product.id))}
            onCancel={() => goBack(productListingPath(state.product.productListId, state.product.id))}
            onRemoved={(listId) => navigate(productListingPath(listId))}
          />
        )}
      </section>
    </div>
  );
}
