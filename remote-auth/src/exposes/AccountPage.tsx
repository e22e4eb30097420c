// Federation entry: registers the `auth` translations, then hands over the component.
import '../i18n';

export { default } from '../pages/AccountPage';
