// Export and import of lists (docs/api.md, "Export and import").
import type { ProductList } from '@wishlist/contracts';
import { request } from './http';

export type ListFileFormat = 'json' | 'csv';

/** The largest file one import takes (the lists service answers 413 above it). */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Writing a whole list takes longer than the connect timeout allows. */
const FILE_TIMEOUT_MS = 30_000;

export interface ExportedFile {
  fileName: string;
  /** The file's text, as the service wrote it. */
  content: string;
  mimeType: string;
}

/** `filename*` (UTF-8) when the answer has one, else `filename`, else a name of our own. */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8.trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim();
  return plain || fallback;
}

/** GET /api/product-lists/{id}/export?format=…: the owner's list as a file to save. */
export async function exportProductList(listId: string, format: ListFileFormat): Promise<ExportedFile> {
  const res = await request<string>('GET', `/api/product-lists/${encodeURIComponent(listId)}/export?format=${format}`, undefined, {
    rawText: true,
    timeoutMs: FILE_TIMEOUT_MS,
  });
  return {
    fileName: fileNameOf(res.headers?.get('content-disposition'), `wishlist.${format}`),
    content: typeof res.data === 'string' ? res.data : JSON.stringify(res.data),
    mimeType: format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8',
  };
}

export interface ImportFile {
  /** The file's text. */
  content: string;
  fileName?: string;
  format: ListFileFormat;
}

/**
 * POST /api/product-lists/import: a new list from a file, all or nothing. `name` (optional) wins
 * over the file's own name and its file name. Answers the new list with its products.
 */
export async function importProductList(file: ImportFile, name?: string): Promise<ProductList> {
  const query = new URLSearchParams();
  if (name?.trim()) query.set('name', name.trim());
  if (file.fileName) query.set('fileName', file.fileName);
  query.set('format', file.format);
  const { data } = await request<{ data: ProductList }>('POST', `/api/product-lists/import?${query}`, file.content, {
    contentType: file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    timeoutMs: FILE_TIMEOUT_MS,
  });
  return data.data;
}
