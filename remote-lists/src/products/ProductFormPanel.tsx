// The listing's creation panel (query `encodedProductUrl`): URL step unless `initialUrl`, then the form.
import type { Product } from '@wishlist/contracts';
import { ProductCreation } from './ProductCreation';

export interface ProductFormPanelProps {
  /** The product page's URL: the page is read at once and the form opens prefilled. */
  initialUrl?: string;
  /** The list shown behind the panel: the default choice when it is one of the person's lists. */
  productListId?: string;
  /** After a successful save (the local lists are already updated, the notification shown). */
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

/** URL step (unless `initialUrl`), then the product form; its title is an h2 (inside a page). */
export function ProductFormPanel({ initialUrl, productListId, onSaved, onCancel }: ProductFormPanelProps) {
  return (
    <ProductCreation
      headingLevel={2}
      initialUrl={initialUrl}
      productListId={productListId}
      onSaved={({ product }) => onSaved(product)}
      onCancel={onCancel}
    />
  );
}
