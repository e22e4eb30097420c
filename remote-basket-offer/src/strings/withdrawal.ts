// The `withdrawal` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/withdrawal.json';
import fr from '../locales/fr/withdrawal.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { withdrawal: en }, fr: { withdrawal: fr } });
