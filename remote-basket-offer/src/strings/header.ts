// The `header` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/header.json';
import fr from '../locales/fr/header.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { header: en }, fr: { header: fr } });
