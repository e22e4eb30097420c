// The `common` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { common: en }, fr: { common: fr } });
