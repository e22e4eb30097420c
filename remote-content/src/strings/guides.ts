// The `guides` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/guides.json';
import fr from '../locales/fr/guides.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { guides: en }, fr: { guides: fr } });
