import { stringify } from 'csv-stringify/sync';
import { isNoImage } from '@wishlist/contracts';
import type { ProductDoc } from '../data/models';

/**
 * The file shape of an exported list (JSON and CSV carry the same columns). Prices are integer
 * cents in JSON (as every API answer) and euros with two decimals in CSV (what a spreadsheet
 * shows and a person types). `image` is the shop's picture address, empty when there is none.
 */
export const EXPORT_FORMAT = 'wishlist-list';
export const EXPORT_VERSION = 1;

/** CSV columns, in the order they are written. Import needs `url` and `name`; the others are optional. */
export const CSV_COLUMNS = ['name', 'url', 'price', 'quantity', 'mostWanted', 'note', 'image', 'hasBeenOffered'] as const;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;
export const NOTE_MAX_LENGTH = 500;

export interface ExportedProduct {
  name: string;
  url: string;
  price: number | null;
  image: string | null;
  quantity: number;
  mostWanted: boolean;
  note: string;
  hasBeenOffered: boolean;
}

export interface ExportedList {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  name: string;
  exportedAt: string;
  products: ExportedProduct[];
}

/**
 * `quantity`, `mostWanted` and `note` are product fields that the model may not declare: read
 * from the stored document when present, with the defaults a product without them has.
 */
export function exportedProduct(doc: ProductDoc): ExportedProduct {
  const extra = doc as ProductDoc & { quantity?: unknown; mostWanted?: unknown; note?: unknown };
  const quantity = typeof extra.quantity === 'number' && Number.isInteger(extra.quantity) ? extra.quantity : 1;
  return {
    name: doc.name,
    url: doc.url,
    price: doc.price ?? null,
    image: isNoImage(doc.image) ? null : doc.image,
    quantity,
    mostWanted: extra.mostWanted === true,
    note: typeof extra.note === 'string' ? extra.note : '',
    hasBeenOffered: doc.hasBeenOffered === true,
  };
}

/** Euros with two decimals and a dot ("19.99"), or empty for an unknown price. */
export function euros(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
// such a cell gets a leading apostrophe, which spreadsheets show as text. Import removes it again.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export function toJsonFile(name: string, products: ExportedProduct[], now: Date): string {
  const file: ExportedList = { format: EXPORT_FORMAT, version: EXPORT_VERSION, name, exportedAt: now.toISOString(), products };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * RFC 4180 CSV (csv-stringify quotes every cell that holds a comma, a quote or a line break, and
 * doubles quotes), CRLF line ends and a byte order mark so that spreadsheets read UTF-8 names.
 */
export function toCsvFile(products: ExportedProduct[]): string {
  const rows = products.map((p) => [
    p.name,
    p.url,
    euros(p.price),
    String(p.quantity),
    p.mostWanted ? 'true' : 'false',
    p.note,
    p.image ?? '',
    p.hasBeenOffered ? 'true' : 'false',
  ]);
  return stringify(
    rows.map((row) => row.map(neutralizeFormula)),
    { header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows' },
  );
}

/**
 * The download's file name: the list's name reduced to letters, digits and dashes (any script),
 * so that it is a valid file name everywhere; `wishlist` when nothing is left.
 */
export function exportFileName(listName: string, format: 'json' | 'csv'): string {
  const base = listName
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'wishlist'}.${format}`;
}
