// The `pledge` section of the `basket` namespace (group gifts), added when a component that shows it loads.
import en from '../locales/en/pledge.json';
import fr from '../locales/fr/pledge.json';
import { addBasketStrings } from '../i18n';

addBasketStrings({ en: { pledge: en }, fr: { pledge: fr } });
