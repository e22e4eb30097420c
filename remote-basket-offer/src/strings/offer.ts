// The `offer` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/offer.json';
import fr from '../locales/fr/offer.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { offer: en }, fr: { offer: fr } });
