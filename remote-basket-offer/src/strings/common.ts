// The `common` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { common: en }, fr: { common: fr } });
