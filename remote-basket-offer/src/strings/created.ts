// The `created` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/created.json';
import fr from '../locales/fr/created.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { created: en }, fr: { created: fr } });
