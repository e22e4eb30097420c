// The `encodedProductUrl` codec lives in @wishlist/contracts: the browser extension builds the same
// links (/create-product/from/{encodedProductUrl}/to/{listId}) that this remote reads.
export { decodeProductUrl, encodeProductUrl } from '@wishlist/contracts';
