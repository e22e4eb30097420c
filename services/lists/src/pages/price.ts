// Moved to @wishlist/contracts (productFacts.ts): the browser extension reads prices the same way.
export { currencyIn, normalizeCurrency, parsePriceToCents } from '@wishlist/contracts';
