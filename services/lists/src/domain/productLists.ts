import { HttpError, parseFields, type Identity } from '@wishlist/service-kit';
import {
  createProductListRequestSchema,
  listOccasionChangeSchema,
  listOccasionCreateSchema,
  listRecipientFieldSchema,
  updateProductListRequestSchema,
  type ProductListData,
} from '@wishlist/contracts';
import {
  countListsOfOwner,
  deleteListOf,
  deleteListsOfOwner,
  findList,
  insertDefaultList,
  insertList,
  isErased,
  leadingProductsOfLists,
  listsManagedBy,
  listsOfOwner,
  moveListToNewId,
  productsOfLists,
  readVersionOf,
  reorderList,
} from '../data/lists';
import { changeList, reminderDueAt } from '../data/occasions';
import { priceAlertsIn, setListPriceAlerts } from '../priceWatch/listSettings';
import type { ProductListDoc } from '../data/models';
import { LIST_PREVIEW_PRODUCTS, MAX_LISTS_PER_OWNER } from './limits';
import { jsonBody, listReadCache, type JsonBody } from './listReadCache';
import { listsChanged } from './listVersions';
import { byList, fullListData, isObjectId, toListData, toListPreview } from './present';
import { setListSurprise, surpriseChangeIn } from './surprise';
import { isKeeper } from './keepers';

/** Name of the list made for a person who has none, in their language. */
export const DEFAULT_LIST_NAMES = { en: 'My wish list', fr: "Ma liste d’envies" } as const;

export const LAST_LIST_MESSAGE = "You can't delete your list when it's only one you own.";

function accountGone(): HttpError {
  return HttpError.unauthorized('This account has been deleted.', 'account_deleted');
}

export function listNotFound(): HttpError {
  return HttpError.notFound('This list does not exist (it may have been deleted).', 'list_not_found');
}

/** 409 `list_archived`: the list is read-only until its owner restores it. */
export function listArchived(): HttpError {
  return HttpError.conflict('This list is archived: restore it from your lists to change it.', 'list_archived');
}

export const LAST_ACTIVE_LIST_MESSAGE = "You can't archive your only list that is not archived: create or restore another one first.";

export function notYourList(): HttpError {
  return HttpError.forbidden('Only the owner of this list can change it.', 'not_owner');
}

/** Refuses writes for a person whose account was erased (a request still in flight). */
export async function assertNotErased(userId: string): Promise<void> {
  if (await isErased(userId)) throw accountGone();
}

/**
 * Each list with its product count and its first products only: what the owner's screens show
 * of every list at once. One list's products are read with `GET /api/product-lists/{id}`, which
 * the per-list cap bounds; this answer stays bounded by lists × LIST_PREVIEW_PRODUCTS.
 */
async function withPreviews(all: ProductListDoc[], viewerId: string, summary: boolean): Promise<ProductListData[]> {
  // Active lists first, so that the first list (the default one) is never an archived list.
  const lists = [...all.filter((l) => !l.archived), ...all.filter((l) => l.archived)];
  // Screens that show names and counts (lists page, header menus, list pickers) read no product.
  if (summary) return lists.map((l) => toListPreview(l, [], viewerId, 0));
  const grouped = byList(await leadingProductsOfLists(lists, LIST_PREVIEW_PRODUCTS));
  return lists.map((l) => toListPreview(l, grouped.get(String(l._id)) ?? [], viewerId, LIST_PREVIEW_PRODUCTS));
}

/**
 * GET /api/product-lists: the caller's lists, oldest first, each with its product count and
 * first products. "Signed in" means a default list exists (SPEC §4), so a person with none gets
 * one, named in their language.
 */
export async function listsOf(identity: Identity, { summary = false }: { summary?: boolean } = {}): Promise<ProductListData[]> {
  const ownerId = identity.userId;
  let lists = await listsOfOwner(ownerId);
  // The lists the person keeps with their owners come after their own (the first list stays theirs).
  if (lists.length > 0) return withPreviews([...lists, ...(await listsManagedBy(ownerId))], ownerId, summary);
  if (await isErased(ownerId)) throw accountGone();
  await insertDefaultList(ownerId, DEFAULT_LIST_NAMES[identity.lang ?? 'en'] ?? DEFAULT_LIST_NAMES.en);
  // An erasure that ran between the check and the insert: undo the insert.
  if (await isErased(ownerId)) {
    await deleteListsOfOwner(ownerId);
    throw accountGone();
  }
  lists = await listsOfOwner(ownerId);
  return withPreviews([...lists, ...(await listsManagedBy(ownerId))], ownerId, summary);
}

/**
 * GET /api/product-lists/{id}: anyone with the id reads the list (shared by link). Answers the
 * serialized `{ data: list }`: two queries on a miss; on a hit of the read cache, one read of the
 * list's version, which proves the cached answer is still the list as the database holds it.
 */
export async function readListBody(id: string, viewerId: string | undefined): Promise<JsonBody> {
  if (!isObjectId(id)) throw listNotFound();
  if (listReadCache.has(id)) {
    const version = await readVersionOf(id);
    if (version === null) {
      listReadCache.invalidate(id);
      throw listNotFound();
    }
    const cached = listReadCache.read(id, viewerId, version);
    if (cached) return cached;
  }
  const seen = listReadCache.snapshot(id);
  const list = await findList(id);
  if (!list) throw listNotFound();
  const products = await productsOfLists([list._id]);
  const version = list.readVersion ?? 0;
  // Stored as the owner sees it; the cache answers each viewer their own view of it.
  listReadCache.store(id, { ownerId: list.ownerId, managerIds: list.managerIds ?? [] }, fullListData(list, products), seen, version);
  return listReadCache.read(id, viewerId, version) ?? jsonBody({ data: toListData(list, products, viewerId) });
}

/** A list the caller keeps (owner or manager), or 404 (unknown) / 403 (someone else's). */
export async function ownedList(userId: string, id: string): Promise<ProductListDoc> {
  if (!isObjectId(id)) throw listNotFound();
  const list = await findList(id);
  if (!list) throw listNotFound();
  if (!isKeeper(list, userId)) throw notYourList();
  return list;
}

export async function createList(userId: string, body: unknown): Promise<ProductListData> {
  const { name } = parseFields(createProductListRequestSchema, body);
  const { eventDate } = parseFields(listOccasionCreateSchema, body);
  const surprise = surpriseChangeIn(body as Record<string, unknown>) ?? {};
  const { recipient } = parseFields(listRecipientFieldSchema, body);
  await assertNotErased(userId);
  if ((await countListsOfOwner(userId)) >= MAX_LISTS_PER_OWNER) {
    throw HttpError.unprocessable({ name: 'too-many-lists' }, `You can own at most ${MAX_LISTS_PER_OWNER} lists.`);
  }
  const occasion = eventDate ? { eventDate, reminderDueAt: reminderDueAt(eventDate, new Date()) } : {};
  return toListData(await insertList(userId, name, { ...occasion, ...surprise, ...(recipient ? { recipient } : {}) }), [], userId);
}

/**
 * PATCH /api/product-lists/{id}: `{ name?, eventDate?, archived? }`, each left as it is when
 * absent. A body with none of them is refused as SPEC §7's rename was (`name` required).
 */
export async function updateList(userId: string, id: string, body: Record<string, unknown>): Promise<ProductListData> {
  const owned = await ownedList(userId, id);
  const given = (key: string) => body[key] !== undefined;
  const priceAlerts = priceAlertsIn(body);
  const surprise = surpriseChangeIn(body);
  const { recipient } = parseFields(listRecipientFieldSchema, body);
  if ((priceAlerts !== undefined || surprise !== undefined) && !given('name') && !given('eventDate') && !given('archived') && !given('recipient')) {
    if (priceAlerts !== undefined) await setListPriceAlerts(owned._id, priceAlerts);
    if (surprise) await setListSurprise(owned._id, surprise);
    await listsChanged(id);
    return toListData({ ...owned, ...(priceAlerts !== undefined ? { priceAlerts } : {}), ...surprise }, await productsOfLists([owned._id]), userId);
  }
  const name = given('name') || !(given('eventDate') || given('archived') || given('recipient')) ? parseFields(updateProductListRequestSchema, body).name : undefined;
  const { eventDate, archived } = parseFields(listOccasionChangeSchema, body);
  const outcome = await changeList(userId, id, { name, eventDate, archived, recipient }, new Date());
  await listsChanged(id);
  if (outcome === 'not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notYourList();
  if (outcome === 'last_list') throw HttpError.conflict(LAST_ACTIVE_LIST_MESSAGE, 'last_active_list');
  if (priceAlerts !== undefined) {
    await setListPriceAlerts(outcome.list._id, priceAlerts);
    await listsChanged(id);
    outcome.list.priceAlerts = priceAlerts;
  }
  if (surprise) {
    await setListSurprise(outcome.list._id, surprise);
    await listsChanged(id);
    Object.assign(outcome.list, surprise);
  }
  return toListData(outcome.list, await productsOfLists([outcome.list._id]), userId);
}

export async function deleteList(userId: string, id: string): Promise<void> {
  if (!isObjectId(id)) throw listNotFound();
  const outcome = await deleteListOf(userId, id);
  await listsChanged(id);
  if (outcome === 'not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notYourList();
  if (outcome === 'last_list') throw HttpError.unprocessable({ productList: LAST_LIST_MESSAGE }, LAST_LIST_MESSAGE);
}

/** PUT /api/product-lists/{id}/products-ordering: `ids` must be exactly the list's product ids. */
export async function reorder(userId: string, id: string, ids: string[]): Promise<ProductListData> {
  if (!isObjectId(id)) throw listNotFound();
  const outcome = ids.every(isObjectId) ? await reorderList(userId, id, ids) : await ownedList(userId, id).then(() => 'mismatch' as const);
  if (outcome === 'not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notYourList();
  if (outcome === 'archived') throw listArchived();
  await listsChanged(id);
  if (outcome === 'mismatch') {
    throw HttpError.unprocessable({ products: 'must-be-the-list-products' }, 'The order must list each product of the list exactly once.');
  }
  return toListData(outcome.list, await productsOfLists([outcome.list._id]), userId);
}

/**
 * POST /api/product-lists/{id}/share-link: the owner gives the list a new link. The list gets a
 * new random id (its products and favorites follow it); the old link answers 404 from then on.
 */
export async function resetShareLink(userId: string, id: string): Promise<ProductListData> {
  if (!isObjectId(id)) throw listNotFound();
  await assertNotErased(userId);
  const outcome = await moveListToNewId(userId, id);
  await listsChanged(id);
  if (outcome === 'not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notYourList();
  await listsChanged(String(outcome.list._id));
  return toListData(outcome.list, await productsOfLists([outcome.list._id]), userId);
}
