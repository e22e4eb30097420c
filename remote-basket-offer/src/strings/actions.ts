// The `actions` section of the `basket` namespace, added when a component that shows it loads.
import en from '../locales/en/actions.json';
import fr from '../locales/fr/actions.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { actions: en }, fr: { actions: fr } });
