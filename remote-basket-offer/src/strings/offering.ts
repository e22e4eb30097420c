// The `offering` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/offering.json';
import fr from '../locales/fr/offering.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { offering: en }, fr: { offering: fr } });
