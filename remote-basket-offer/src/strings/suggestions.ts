// The `suggestions` section of the `basket` namespace ("More from this list" under the basket).
import en from '../locales/en/suggestions.json';
import fr from '../locales/fr/suggestions.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { suggestions: en }, fr: { suggestions: fr } });
