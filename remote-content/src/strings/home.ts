// The `home` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/home.json';
import fr from '../locales/fr/home.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { home: en }, fr: { home: fr } });
