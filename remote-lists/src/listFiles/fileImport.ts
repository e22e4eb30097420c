// A file chosen for import: read, sent whole, and the service's refusals turned into what the
// dialog says (each in the person's language; the per-line sentences come from the service in it).
import { IMPORT_MAX_BYTES, importProductList, isApiError, type ListFileFormat } from '@wishlist/api-client';
import type { ProductList } from '@wishlist/contracts';

export type FileRefusal =
  | { kind: 'tooLarge' | 'tooManyProducts' | 'accountFull' | 'tooManyLists' | 'tooManyRequests' | 'unreachable' | 'failed' | 'signedOut' | 'unreadable' }
  | { kind: 'name'; code: string }
  | { kind: 'lines'; lines: FileLineError[] };

export interface FileLineError {
  /** `line` (CSV line), `product` (JSON product, 1-based) or `file`; `more` for the rest. */
  place: 'line' | 'product' | 'file' | 'more';
  number?: number;
  message: string;
}

/** By the file's extension or type; a file named otherwise is JSON when its text starts like JSON. */
export function formatOfFile(file: { name: string; type: string }, content: string): ListFileFormat {
  if (/\.json$/i.test(file.name) || /json/.test(file.type)) return 'json';
  if (/\.csv$/i.test(file.name) || /csv/.test(file.type)) return 'csv';
  return /^\uFEFF?\s*[[{]/.test(content) ? 'json' : 'csv';
}

function linesOf(errors: Record<string, unknown>): FileLineError[] {
  const out: FileLineError[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value !== 'string') continue;
    const m = /^(line|product) (\d+)$/.exec(key);
    if (m) out.push({ place: m[1] as 'line' | 'product', number: Number(m[2]), message: value });
    else if (key === 'more') out.push({ place: 'more', message: value });
    else out.push({ place: 'file', message: value });
  }
  return out;
}

/** The refusal the dialog shows for a failed import call. */
export function refusalOf(e: unknown): FileRefusal {
  if (!isApiError(e)) return { kind: 'failed' };
  if (e.signedOut) return { kind: 'signedOut' };
  if (e.unreachable || (e.status >= 502 && e.status <= 504)) return { kind: 'unreachable' };
  const data = (e.data ?? {}) as { errors?: Record<string, unknown>; error?: { code?: unknown } };
  const code = data.error?.code;
  if (e.status === 413) return { kind: code === 'too_many_products' ? 'tooManyProducts' : 'tooLarge' };
  if (e.status === 409) return { kind: code === 'too_many_lists' ? 'tooManyLists' : 'accountFull' };
  if (e.status === 429) return { kind: 'tooManyRequests' };
  if (e.status === 422 && data.errors) {
    if (typeof data.errors.name === 'string') return { kind: 'name', code: data.errors.name };
    const lines = linesOf(data.errors);
    if (lines.length > 0) return { kind: 'lines', lines };
  }
  return { kind: 'failed' };
}

/** The file's text (UTF-8): Blob.text where the browser has it, FileReader elsewhere. */
function textOf(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Reads the file and imports it: the new list, or why not. */
export async function importFile(file: File, name: string): Promise<{ list: ProductList } | { refused: FileRefusal }> {
  if (file.size > IMPORT_MAX_BYTES) return { refused: { kind: 'tooLarge' } };
  let content: string;
  try {
    content = await textOf(file);
  } catch {
    return { refused: { kind: 'unreadable' } };
  }
  try {
    return { list: await importProductList({ content, fileName: file.name, format: formatOfFile(file, content) }, name) };
  } catch (e) {
    return { refused: refusalOf(e) };
  }
}
