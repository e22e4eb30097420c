// What the list screens render from, made alike from every answer (and by the server's first view,
// which must render exactly what the page's first render does).
import { websiteName, type Product, type ProductList } from '@wishlist/contracts';

/** SPEC §3: websiteName without a leading www.; client-only flags present. */
export function normalizeProduct(p: Product): Product {
  return {
    ...p,
    websiteName: (p.websiteName || websiteName(p.url)).replace(/^www\./i, ''),
    hasBeenOffered: Boolean(p.hasBeenOffered),
    isWishlisted: true,
    hasFocus: false,
    isMovable: false,
  };
}

export function normalizeList(l: ProductList): ProductList {
  return { ...l, products: (Array.isArray(l.products) ? l.products : []).map(normalizeProduct) };
}
