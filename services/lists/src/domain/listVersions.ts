import { bumpReadVersions, bumpReadVersionsOfProducts } from '../data/lists';
import { listReadCache } from './listReadCache';

/**
 * What every write that changes a list's read calls before it answers: the list's read version is
 * bumped in the database (so every copy of the service reads the list again) and this process's
 * cached read is dropped. A write then a bump: a read that saw the old version either read the
 * list before the write or is tagged older than the bump, so no copy caches a stale answer as current.
 */
export async function listsChanged(...ids: (string | undefined)[]): Promise<void> {
  const changed = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  listReadCache.invalidate(...changed);
  await bumpReadVersions(changed);
}

/** The same for writes known by their products (claims and releases of the offers service). */
export async function productsChanged(productIds: readonly string[]): Promise<void> {
  listReadCache.clear();
  await bumpReadVersionsOfProducts(productIds);
}
