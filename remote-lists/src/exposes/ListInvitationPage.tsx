// Federation entry: registers the `lists` translations, then hands over the component.
import '../i18n';

export { default } from '../keepers/ListInvitationPage';
