// The product forms' panel (src/products/index.ts, another engineer's folder), resolved by an alias
// in rsbuild.config.ts and jest.config.cjs: the real panel once it exists, a placeholder before.
declare module '@lists/product-form' {
  import type { ComponentType } from 'react';
  import type { Product } from '@wishlist/contracts';

  export interface ProductFormPanelProps {
    initialUrl?: string;
    productListId?: string;
    onSaved(product: Product): void;
    onCancel(): void;
  }
  export const ProductFormPanel: ComponentType<ProductFormPanelProps>;
}
