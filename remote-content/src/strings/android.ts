// The `android` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/android.json';
import fr from '../locales/fr/android.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { android: en }, fr: { android: fr } });
