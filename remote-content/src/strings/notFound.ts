// The `notFound` section of the content namespace, added when a page or component that shows it loads.
import en from '../locales/en/notFound.json';
import fr from '../locales/fr/notFound.json';
import { addContentStrings } from '../i18n';

addContentStrings({ en: { notFound: en }, fr: { notFound: fr } });
