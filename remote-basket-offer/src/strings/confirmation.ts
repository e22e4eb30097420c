// The `confirmation` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/confirmation.json';
import fr from '../locales/fr/confirmation.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { confirmation: en }, fr: { confirmation: fr } });
