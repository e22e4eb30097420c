import { NOTE_MAX_LENGTH, QUANTITY_MAX, QUANTITY_MIN } from './listFile';

export type ImportLang = 'en' | 'fr';

/**
 * What a 422 of an import says of each line (or of the file), in the caller's language: the person
 * reads it to correct their own file. The keys of the answer stay `line N`, `product N`, `file`.
 */
const TEXTS = {
  en: {
    'name:required': 'the name is empty',
    'name:too-long': 'the name is longer than 200 characters',
    'url:required': 'the address (url) is empty',
    'url:too-long': 'the address is longer than 2,048 characters',
    'url:invalid-url': 'the address is not a web address starting with http:// or https://',
    'price:invalid-price': 'the price is not an amount in euros (write 19.99, or leave it empty)',
    'price:invalid-cents': 'the price is not a whole number of cents (1999 for 19.99 €) or null',
    'price:too-high': 'the price is above 1,000,000 €',
    'image:invalid-image': 'the picture (image) is not a web address starting with http:// or https://',
    quantity: `the quantity is not a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`,
    mostWanted: 'mostWanted is neither true nor false',
    'note:type': 'the note is not text',
    'note:too-long': `the note is longer than ${NOTE_MAX_LENGTH} characters`,
    noProducts: 'The file has no products.',
    unreadableCsv: 'this line cannot be read as CSV (a quote opened and never closed, or a line too long).',
    missingColumns: 'the first line must name the columns; missing: {missing} (known columns: {known}).',
    noProductsArray: 'the file holds no "products" array.',
    invalidJson: 'this is not valid JSON.',
    more: '{count} more with errors.',
  },
  fr: {
    'name:required': 'le nom est vide',
    'name:too-long': 'le nom dépasse 200 caractères',
    'url:required': 'l’adresse (url) est vide',
    'url:too-long': 'l’adresse dépasse 2 048 caractères',
    'url:invalid-url': 'l’adresse n’est pas une adresse web commençant par http:// ou https://',
    'price:invalid-price': 'le prix n’est pas un montant en euros (écrivez 19,99, ou laissez-le vide)',
    'price:invalid-cents': 'le prix n’est pas un nombre entier de centimes (1999 pour 19,99 €) ni null',
    'price:too-high': 'le prix dépasse 1 000 000 €',
    'image:invalid-image': 'l’image n’est pas une adresse web commençant par http:// ou https://',
    quantity: `la quantité n’est pas un nombre entier de ${QUANTITY_MIN} à ${QUANTITY_MAX}`,
    mostWanted: 'mostWanted n’est ni true ni false',
    'note:type': 'la note n’est pas du texte',
    'note:too-long': `la note dépasse ${NOTE_MAX_LENGTH} caractères`,
    noProducts: 'Le fichier ne contient aucun produit.',
    unreadableCsv: 'cette ligne ne peut pas être lue en CSV (un guillemet ouvert jamais fermé, ou une ligne trop longue).',
    missingColumns: 'la première ligne doit nommer les colonnes ; il manque : {missing} (colonnes connues : {known}).',
    noProductsArray: 'le fichier ne contient pas de tableau « products ».',
    invalidJson: 'ce n’est pas du JSON valide.',
    more: '{count} autres avec des erreurs.',
  },
} as const;

export type ImportTextKey = keyof (typeof TEXTS)['en'];

/** The text for `key` in `lang`, `{name}` placeholders filled; an unknown key is shown as it is. */
export function importText(lang: ImportLang, key: string, params: Record<string, string | number> = {}): string {
  const table = TEXTS[lang] as Record<string, string>;
  const text = table[key] ?? (TEXTS.en as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
