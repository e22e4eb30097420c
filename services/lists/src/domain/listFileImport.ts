import { parse } from 'csv-parse/sync';
import { HttpError, type FieldErrors } from '@wishlist/service-kit';
import { NO_IMAGE, priceCentsSchema, productImageSchema, productLinkSchema, productNameSchema, websiteName } from '@wishlist/contracts';
import { z } from 'zod';
import { importText, type ImportLang } from './importMessages';
import { NOTE_MAX_LENGTH, QUANTITY_MAX, QUANTITY_MIN, restoreFormula } from './listFile';
import { MAX_PRODUCTS_PER_LIST } from './limits';

/** A product read from an import file, checked by the same rules as `POST /api/products-in-lists`. */
export interface ImportedProduct {
  name: string;
  url: string;
  websiteName: string;
  price: number | null;
  image: string;
  quantity: number;
  mostWanted: boolean;
  note: string;
}

/** What a file says of its list besides its products (a JSON export carries the list's name). */
export interface ImportedFile {
  name?: string;
  products: ImportedProduct[];
}

/** Lines (CSV) or products (JSON) with errors reported in one answer; the rest are counted. */
export const MAX_REPORTED_ERRORS = 50;

const REQUIRED_COLUMNS = ['url', 'name'] as const;
const KNOWN_COLUMNS = ['name', 'url', 'price', 'quantity', 'mostWanted', 'note', 'image'];

function check<T>(schema: z.ZodType<T>, field: string, value: unknown, problems: string[]): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push(`${field}:${result.error.issues[0]?.message ?? 'invalid'}`);
  return undefined;
}

/** Loose row values (CSV strings, or JSON values) → a checked product, or the problems found. */
interface RawRow {
  name: unknown;
  url: unknown;
  price: unknown;
  image: unknown;
  quantity: unknown;
  mostWanted: unknown;
  note: unknown;
}

function checkRow(row: RawRow, priceFrom: 'cents' | 'euros'): { product?: ImportedProduct; problems: string[] } {
  const problems: string[] = [];
  const name = check(productNameSchema, 'name', row.name ?? '', problems);
  const url = check(productLinkSchema, 'url', row.url ?? '', problems);
  const price = priceFrom === 'euros' ? eurosToCents(row.price, problems) : centsOf(row.price, problems);
  const imageValue = typeof row.image === 'string' && row.image.trim() !== '' ? row.image : NO_IMAGE;
  const image = check(productImageSchema, 'image', imageValue, problems);
  const quantity = readQuantity(row.quantity, problems);
  const mostWanted = readBoolean(row.mostWanted, problems);
  const note = readNote(row.note, problems);
  if (problems.length > 0 || name === undefined || url === undefined || price === undefined || image === undefined) return { problems };
  return { product: { name, url, websiteName: websiteName(url), price, image, quantity, mostWanted, note }, problems };
}

function eurosToCents(value: unknown, problems: string[]): number | null | undefined {
  if (value === undefined || value === null) return null;
  const text = String(value)
    .replace(/[\s\u00a0\u202f]|€|EUR/gi, '')
    .replace(',', '.');
  if (text === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
    problems.push('price:invalid-price');
    return undefined;
  }
  return check(priceCentsSchema, 'price', Math.round(Number(text) * 100), problems);
}

function centsOf(value: unknown, problems: string[]): number | null | undefined {
  const result = priceCentsSchema.safeParse(value ?? null);
  if (result.success) return result.data;
  const code = result.error.issues[0]?.message;
  problems.push(code === 'too-high' ? 'price:too-high' : 'price:invalid-cents');
  return undefined;
}

function readQuantity(value: unknown, problems: string[]): number {
  if (value === undefined || value === null || value === '') return 1;
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < QUANTITY_MIN || n > QUANTITY_MAX) {
    problems.push('quantity');
    return 1;
  }
  return n;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'oui', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'non', '']);

function readBoolean(value: unknown, problems: string[]): boolean {
  if (value === undefined || value === null || typeof value === 'boolean') return value === true;
  const word = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (!FALSE_WORDS.has(word)) problems.push('mostWanted');
  return false;
}

function readNote(value: unknown, problems: string[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    problems.push('note:type');
    return '';
  }
  // Line breaks are kept (a note may list sizes); other control characters are dropped.
  // eslint-disable-next-line no-control-regex
  const note = value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  if (note.length > NOTE_MAX_LENGTH) problems.push('note:too-long');
  return note;
}

function invalidFile(errors: FieldErrors, message: string): HttpError {
  return new HttpError(422, 'invalid_file', message, errors);
}

export function tooManyRows(count: number): HttpError {
  return new HttpError(
    413,
    'too_many_products',
    `This file has ${count} products; a list holds at most ${MAX_PRODUCTS_PER_LIST}. Split it into files of ${MAX_PRODUCTS_PER_LIST} products or fewer and import each one.`,
  );
}

function noProducts(lang: ImportLang): HttpError {
  return invalidFile({ file: importText(lang, 'noProducts') }, 'The file has no products: add one line per product below the column names.');
}

/** Checks every row; all or nothing: one bad row refuses the file, with every bad row's place. */
function checkAll(rows: { place: string; row: RawRow }[], priceFrom: 'cents' | 'euros', lang: ImportLang): ImportedProduct[] {
  if (rows.length === 0) throw noProducts(lang);
  if (rows.length > MAX_PRODUCTS_PER_LIST) throw tooManyRows(rows.length);
  const errors: FieldErrors = {};
  let bad = 0;
  const products: ImportedProduct[] = [];
  for (const { place, row } of rows) {
    const { product, problems } = checkRow(row, priceFrom);
    if (product) products.push(product);
    else if (++bad <= MAX_REPORTED_ERRORS) errors[place] = `${problems.map((p) => importText(lang, p)).join(lang === 'fr' ? '\u00a0; ' : '; ')}.`;
  }
  if (bad === 0) return products;
  if (bad > MAX_REPORTED_ERRORS) errors.more = importText(lang, 'more', { count: bad - MAX_REPORTED_ERRORS });
  throw invalidFile(errors, `${bad} of ${rows.length} products have errors; nothing was imported. Correct them in the file and import it again.`);
}

function detectDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function lineOfRecord(info: { lines: number; raw?: string }): number {
  const breaks = (info.raw ?? '').replace(/\r?\n$/, '').match(/\r\n|\r|\n/g)?.length ?? 0;
  return info.lines - breaks;
}

/** A CSV file (header row required, columns named as exported, any order, case ignored). */
export function readCsvFile(content: string, lang: ImportLang = 'en'): ImportedFile {
  const text = content.replace(/^\uFEFF/, '');
  let columns: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number; raw?: string } }[];
  try {
    records = parse(text, {
      columns: (header: string[]) => (columns = header.map((h) => h.trim().toLowerCase())),
      delimiter: detectDelimiter(text.split(/\r\n|\r|\n/, 1)[0] ?? ''),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      raw: true,
      max_record_size: 16 * 1024,
    }) as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const where = typeof line === 'number' && line > 0 ? `line ${line}` : 'file';
    throw invalidFile({ [where]: importText(lang, 'unreadableCsv') }, 'The file is not a valid CSV file.');
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw invalidFile(
      { 'line 1': importText(lang, 'missingColumns', { missing: missing.join(', '), known: KNOWN_COLUMNS.join(', ') }) },
      'The first line of the file must name its columns: url and name at least.',
    );
  }
  const cell = (r: Record<string, string>, key: string) => (r[key] === undefined ? undefined : restoreFormula(r[key]));
  const rows = records.map(({ record, info }) => ({
    place: `line ${lineOfRecord(info)}`,
    row: {
      name: cell(record, 'name'),
      url: cell(record, 'url'),
      price: cell(record, 'price'),
      image: cell(record, 'image'),
      quantity: cell(record, 'quantity'),
      mostWanted: cell(record, 'mostwanted'),
      note: cell(record, 'note'),
    },
  }));
  return { products: checkAll(rows, 'euros', lang) };
}

/**
 * A JSON file: an export of this service (`{ name, products: [...] }`), a list as the API answers
 * it (`{ data: { name, products } }`), or a bare array of products. Prices in integer cents.
 */
export function readJsonFile(value: unknown, lang: ImportLang = 'en'): ImportedFile {
  let doc = value;
  if (doc && typeof doc === 'object' && !Array.isArray(doc) && 'data' in doc) doc = (doc as { data: unknown }).data;
  const products = Array.isArray(doc) ? doc : doc && typeof doc === 'object' ? (doc as { products?: unknown }).products : undefined;
  if (!Array.isArray(products)) {
    throw invalidFile({ file: importText(lang, 'noProductsArray') }, 'This JSON file is not a list: export a list to see the expected shape.');
  }
  const listName = !Array.isArray(doc) && typeof (doc as { name?: unknown }).name === 'string' ? (doc as { name: string }).name : undefined;
  const rows = products.map((p: unknown, i) => {
    const o = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
    return {
      place: `product ${i + 1}`,
      row: { name: o.name, url: o.url, price: o.price, image: o.image, quantity: o.quantity, mostWanted: o.mostWanted, note: o.note },
    };
  });
  return { name: listName, products: checkAll(rows, 'cents', lang) };
}

/** JSON text → the file; text that is not JSON is a 422 that says so. */
export function readJsonText(content: string, lang: ImportLang = 'en'): ImportedFile {
  let value: unknown;
  try {
    value = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    throw invalidFile({ file: importText(lang, 'invalidJson') }, 'The file is not a valid JSON file. Export the list again, or import a CSV file.');
  }
  return readJsonFile(value, lang);
}
