import { lazy, Suspense } from 'react';
import type { Product } from '@wishlist/contracts';
import { Spinner } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { Panel } from './Panel';

// The product forms' panel, loaded on demand (its own chunk).
const ProductFormPanel = lazy(() => import('@lists/product-form').then((m) => ({ default: m.ProductFormPanel })));

/**
 * SPEC §2: the `encodedProductUrl` query opens a product-creation panel prefilled with the link
 * (the form fetches its details). The form itself is the product forms' `ProductFormPanel`.
 */
export function CreationPanel({ url, productListId, onSaved, onClose }: { url: string; productListId?: string; onSaved: (p: Product) => void; onClose: () => void }) {
  const { t } = useListsT();
  return (
    <Panel title={t('creation.title')} onClose={onClose}>
      <Suspense
        fallback={
          <div className="lists-panel__pending">
            <Spinner size="lg" label={t('creation.loading')} />
          </div>
        }
      >
        <ProductFormPanel initialUrl={url} productListId={productListId} onSaved={onSaved} onCancel={onClose} />
      </Suspense>
    </Panel>
  );
}
