// Federation entry: registers the `basket` translations, then hands over the component.
import '../i18n';

export { default } from '../pages/OfferPage';
