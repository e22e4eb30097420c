// Federation entry: registers the `content` translations, then hands over the page.
import '../i18n';

export { default } from '../pages/NotFoundPage';
