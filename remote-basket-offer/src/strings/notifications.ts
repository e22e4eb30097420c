// The `notifications` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/notifications.json';
import fr from '../locales/fr/notifications.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { notifications: en }, fr: { notifications: fr } });
