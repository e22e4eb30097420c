// The `basket` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/basket.json';
import fr from '../locales/fr/basket.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { basket: en }, fr: { basket: fr } });
