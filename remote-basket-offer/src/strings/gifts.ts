// The `gifts` section of the `basket` namespace ("My gifts"), added when a component that shows it loads.
import en from '../locales/en/gifts.json';
import fr from '../locales/fr/gifts.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { gifts: en }, fr: { gifts: fr } });
