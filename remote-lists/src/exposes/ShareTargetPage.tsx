// Federation entry: registers the `products` translations and styles, then hands over the page.
import '../products/i18n';
import '../products/products.css';

export { default } from '../products/pages/ShareTargetPage';
