// The `privacy` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/privacy.json';
import fr from '../locales/fr/privacy.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { privacy: en }, fr: { privacy: fr } });
