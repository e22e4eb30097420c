import { HttpError } from '@wishlist/service-kit';
import { isKeeper } from './keepers';
import { LIST_NAME_MAX_LENGTH, listNameSchema, type ProductListData } from '@wishlist/contracts';
import { findList, productsOfLists } from '../data/lists';
import { insertImportedList } from '../data/imports';
import { exportedProduct, exportFileName, toCsvFile, toJsonFile } from './listFile';
import type { ImportLang } from './importMessages';
import { readCsvFile, readJsonFile, readJsonText, type ImportedFile } from './listFileImport';
import { MAX_LISTS_PER_OWNER, type AccountLimits } from './limits';
import { accountFull } from './products';
import { assertNotErased, listNotFound } from './productLists';
import { isObjectId, orderProducts, toListData } from './present';
import { hiddenFromOwner } from './surprise';

export type FileFormat = 'json' | 'csv';

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * GET /api/product-lists/{id}/export: the owner's list as a file. Someone else's list answers 404,
 * like an unknown one, as the owner's other reads that are not the shared view do: an export is
 * not the shared link, and it tells nobody whether the list exists.
 */
export async function exportList(userId: string, id: string, format: FileFormat, now = new Date()): Promise<ExportFile> {
  if (!isObjectId(id)) throw listNotFound();
  const list = await findList(id);
  if (!list || !isKeeper(list, userId)) throw listNotFound();
  // Before a surprise's reveal the file says nothing of offers either.
  const hidden = hiddenFromOwner(list);
  const products = orderProducts(list, await productsOfLists([list._id]))
    .map(exportedProduct)
    .map((p) => (hidden ? { ...p, hasBeenOffered: false } : p));
  const fileName = exportFileName(list.name, format);
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: toCsvFile(products) };
  return { fileName, contentType: 'application/json; charset=utf-8', body: toJsonFile(list.name, products, now) };
}

/** What the import route read from the request: the file (text or parsed JSON) and its names. */
export interface ImportInput {
  format: FileFormat;
  /** CSV or JSON text, or a JSON document the body parser already read. */
  content: string | { json: unknown };
  /** The caller's language: what a 422 says of each line. */
  lang?: ImportLang;
  /** The list's name the person gave; else the file's own, else its file name. */
  name?: string;
  fileName?: string;
}

function readFile(input: ImportInput): ImportedFile {
  const lang = input.lang ?? 'en';
  if (typeof input.content !== 'string') return readJsonFile(input.content.json, lang);
  return input.format === 'csv' ? readCsvFile(input.content, lang) : readJsonText(input.content, lang);
}

/** The file name without its folder and extension, shortened to a list name's length. */
function nameFromFileName(fileName: string | undefined): string | undefined {
  const base = fileName
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.(csv|json|txt)$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return base ? base.slice(0, LIST_NAME_MAX_LENGTH) : undefined;
}

function listName(input: ImportInput, file: ImportedFile): string {
  const chosen = [input.name, file.name?.slice(0, LIST_NAME_MAX_LENGTH), nameFromFileName(input.fileName)].find(
    (n) => typeof n === 'string' && n.trim() !== '',
  );
  const parsed = listNameSchema.safeParse(chosen ?? '');
  if (parsed.success) return parsed.data;
  const code = parsed.error.issues[0]?.message ?? 'required';
  throw HttpError.unprocessable(
    { name: code },
    code === 'too-long' ? `A list's name is at most ${LIST_NAME_MAX_LENGTH} characters.` : 'Give the new list a name.',
  );
}

/**
 * POST /api/product-lists/import: a new list from a file, all or nothing. The file is read and
 * checked whole first (422 naming every bad line), then the list and its products are written in
 * one transaction that re-checks the account's caps.
 */
export async function importList(userId: string, input: ImportInput, limits: AccountLimits): Promise<ProductListData> {
  const file = readFile(input);
  const name = listName(input, file);
  await assertNotErased(userId);
  const outcome = await insertImportedList(userId, name, file.products, { maxLists: MAX_LISTS_PER_OWNER, maxPerAccount: limits.maxProductsPerAccount });
  if ('refused' in outcome) {
    if (outcome.refused === 'too_many_lists') {
      throw HttpError.conflict(`You own ${MAX_LISTS_PER_OWNER} lists, the most one account can keep. Delete a list you no longer need, then import this file again.`, 'too_many_lists');
    }
    // The code of a single creation refused at the cap, with a message about the whole file.
    throw HttpError.conflict(
      `This file has ${file.products.length} products and your lists have room for ${outcome.room} more (an account keeps at most ${limits.maxProductsPerAccount.toLocaleString('en-US')}). Remove products you no longer need, or import a shorter file. Nothing was imported.`,
      accountFull(limits.maxProductsPerAccount).code,
    );
  }
  return toListData(outcome.list, outcome.products, userId);
}
