// Public surface of the product forms for the rest of remote-lists: the listing page
// renders `ProductFormPanel` in its creation panel (query `encodedProductUrl`).
import './i18n';
import './products.css';

export { ProductFormPanel, type ProductFormPanelProps } from './ProductFormPanel';
export { decodeProductUrl, encodeProductUrl } from './productUrl';
