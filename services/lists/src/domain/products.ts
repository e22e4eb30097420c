import { HttpError, parseFields } from '@wishlist/service-kit';
import {
  NO_IMAGE_PLACEHOLDER,
  mostWantedSchema,
  GROUP_GIFT_MIN_PLEDGE,
  groupGiftSchema,
  hiddenSchema,
  priceCentsSchema,
  productNoteSchema,
  productQuantitySchema,
  productImageSchema,
  productLinkSchema,
  productListIdSchema,
  productNameSchema,
  websiteName,
  type CreateProductRequest,
  type ProductData,
} from '@wishlist/contracts';
import { z } from 'zod';
import { findList, listsManagedBy, listsOfOwner, productsOfLists } from '../data/lists';
import {
  deleteProduct as deleteProductRecord,
  findProduct,
  groupGiftProblem,
  insertProduct,
  updateProduct,
  type ProductChange,
  type UpdateOutcome,
} from '../data/products';
import { isOnList } from '../data/placements';
import { MAX_PRODUCTS_PER_LIST, type AccountLimits } from './limits';
import { listsChanged } from './listVersions';
import { listArchived, listNotFound, notYourList } from './productLists';
import { byList, isObjectId, orderProducts, toProductData } from './present';
import { hiddenFromOwner, ownerProduct, surpriseKept, withoutOffers } from './surprise';
import { forVisitor, seesPrivate } from './visibility';
import { isKeeper } from './keepers';

export function productNotFound(): HttpError {
  return HttpError.notFound('This product does not exist (it may have been removed).', 'product_not_found');
}

function notYourProduct(): HttpError {
  return HttpError.forbidden('Only the owner of this list can change its products.', 'not_owner');
}

const UNKNOWN_LIST = 'unknown-list';
const listFull = () =>
  HttpError.unprocessable({ productListId: 'list-full' }, `A list holds at most ${MAX_PRODUCTS_PER_LIST} products.`);

/** 409: the account holds as many products as it may; the message says what to do. */
export function accountFull(max: number): HttpError {
  return HttpError.conflict(
    `Your lists hold ${max.toLocaleString('en-US')} products, the most one account can keep. Remove products you no longer need, then add this one again.`,
    'account_full',
  );
}

const createFields = z.object({
  name: productNameSchema,
  image: productImageSchema,
  price: priceCentsSchema,
  url: productLinkSchema,
  productListId: productListIdSchema.refine(isObjectId, { message: UNKNOWN_LIST }),
  quantity: productQuantitySchema.default(1),
  mostWanted: mostWantedSchema.default(false),
  note: productNoteSchema.default(''),
  groupGift: groupGiftSchema.default(false),
  hidden: hiddenSchema.default(false),
});

/** Fields a PATCH may change; each is optional, an absent one is left as it is. */
const changeFields = z.object({
  name: productNameSchema.optional(),
  image: productImageSchema.optional(),
  price: priceCentsSchema.optional(),
  url: productLinkSchema.optional(),
  productListId: productListIdSchema.refine(isObjectId, { message: UNKNOWN_LIST }).optional(),
  hasBeenOffered: z.boolean().optional(),
  received: z.boolean({ error: 'invalid-boolean' }).optional(),
  quantity: productQuantitySchema.optional(),
  mostWanted: mostWantedSchema.optional(),
  note: productNoteSchema.optional(),
  groupGift: groupGiftSchema.optional(),
  hidden: hiddenSchema.optional(),
});
type ChangeFields = z.output<typeof changeFields>;

type FieldKey = keyof ChangeFields;

/** Accepted by every product PATCH beside its own fields. */
const EXTRAS: readonly FieldKey[] = ['quantity', 'mostWanted', 'note', 'groupGift', 'hidden'];

const GROUP_GIFT_MESSAGES = {
  'price-required': `A group gift needs a price of at least ${GROUP_GIFT_MIN_PLEDGE / 100} €: visitors pledge parts of it.`,
  'one-unit': 'A group gift is one unit: set the quantity to 1.',
  'already-offered': 'This product is already offered (in whole or in part): it cannot become a group gift.',
} as const;

/** 422 `{ errors: { groupGift: code } }` with a sentence saying what to do. */
function groupGiftRefused(code: keyof typeof GROUP_GIFT_MESSAGES): HttpError {
  return HttpError.unprocessable({ groupGift: code }, GROUP_GIFT_MESSAGES[code]);
}

/** 422: givers already offered more units than the new quantity. */
function belowOffered(offered: number): HttpError {
  return HttpError.unprocessable(
    { quantity: 'below-offered' },
    `${offered} ${offered === 1 ? 'unit is' : 'units are'} already offered: the quantity cannot be lower.`,
  );
}

function toChange(fields: ChangeFields): ProductChange {
  const change: ProductChange = {};
  if (fields.name !== undefined) change.name = fields.name;
  if (fields.image !== undefined) change.image = fields.image;
  if (fields.price !== undefined) change.price = fields.price;
  if (fields.url !== undefined) {
    change.url = fields.url;
    change.websiteName = websiteName(fields.url);
  }
  if (fields.hasBeenOffered !== undefined) change.hasBeenOffered = fields.hasBeenOffered;
  if (fields.received !== undefined) change.received = fields.received;
  if (fields.quantity !== undefined) change.quantity = fields.quantity;
  if (fields.mostWanted !== undefined) change.mostWanted = fields.mostWanted;
  if (fields.note !== undefined) change.note = fields.note;
  if (fields.groupGift !== undefined) change.groupGift = fields.groupGift;
  if (fields.hidden !== undefined) change.hidden = fields.hidden;
  return change;
}

function parseChange(body: Record<string, unknown>, allowed: readonly FieldKey[]): ChangeFields {
  const picked: Record<string, unknown> = {};
  for (const key of [...allowed, ...EXTRAS]) if (body[key] !== undefined) picked[key] = body[key];
  if (Object.keys(picked).length === 0) throw HttpError.badRequest(`Nothing to change: send ${[...allowed, ...EXTRAS].join(', ')}.`);
  return parseFields(changeFields, picked);
}

/**
 * Refusals that would say how much givers offered, for an owner who must not know it yet (a
 * surprise before its reveal): the same codes, no count, nothing that names an offer.
 */
const KEPT_SURPRISE_MESSAGE = 'This change is not possible before the surprise is revealed. Try again after it, or remove the product.';

async function productFrom(outcome: UpdateOutcome, surpriseKeptNow = false, readingListId?: string): Promise<ProductData> {
  if (outcome === 'not_found') throw productNotFound();
  if (outcome === 'forbidden') throw notYourProduct();
  if (outcome === 'archived') throw listArchived();
  if (outcome === 'target_gone') throw HttpError.unprocessable({ productListId: UNKNOWN_LIST }, 'This list does not exist.');
  if (outcome === 'target_forbidden') throw notYourList();
  if (outcome === 'list_full') throw listFull();
  if ('belowOffered' in outcome) throw surpriseKeptNow ? HttpError.unprocessable({ quantity: 'below-offered' }, KEPT_SURPRISE_MESSAGE) : belowOffered(outcome.belowOffered);
  if ('groupGift' in outcome) {
    if (surpriseKeptNow && outcome.groupGift === 'already-offered') throw HttpError.unprocessable({ groupGift: 'already-offered' }, KEPT_SURPRISE_MESSAGE);
    throw groupGiftRefused(outcome.groupGift);
  }
  await listsChanged(...outcome.changedListIds);
  return ownerProduct(toProductData(outcome.product, readingListId));
}

/**
 * Refuses the keepers' offered marks on a surprise list before its reveal (see `surpriseKept`).
 * Answers whether offers are hidden from the keepers now, when the change could be refused for them.
 */
async function checkSurprise(userId: string, productId: string, fields: ChangeFields): Promise<boolean> {
  if (fields.hasBeenOffered === undefined && fields.quantity === undefined && fields.groupGift === undefined) return false;
  const product = await findProduct(productId);
  if (!product) return false; // the write answers 404 as usual
  const list = await findList(String(product.listId));
  if (!list || !isKeeper(list, userId)) return false; // the write answers 403 as usual
  const hidden = hiddenFromOwner(list);
  if (hidden && fields.hasBeenOffered !== undefined) throw surpriseKept();
  return hidden;
}

/**
 * GET /api/product-lists/{listId}/products/{productId}: anyone (shared lists). A private product
 * is not found but by the people who keep the list; they get the owner's shape, without offers
 * before a surprise's reveal.
 */
export async function readProductInList(listId: string, productId: string, viewerId?: string): Promise<ProductData> {
  if (!isObjectId(listId) || !isObjectId(productId)) throw productNotFound();
  const product = await findProduct(productId);
  if (!product || !isOnList(product, listId)) throw productNotFound();
  // Judged on the list being read: the people who keep it see its private products.
  const list = viewerId ? await findList(listId) : null;
  const keeper = list !== null && seesPrivate(viewerId, list);
  if (product.hidden === true && !keeper) throw productNotFound();
  const data = toProductData(product, listId);
  return keeper ? ownerProduct(data) : forVisitor(data);
}

/** PATCH /api/product-lists/{listId}/products/{productId}: `{hasBeenOffered}` or `{name, image, price}` (and quantity, mostWanted, note). */
export async function changeProductInList(userId: string, listId: string, productId: string, body: Record<string, unknown>): Promise<ProductData> {
  if (!isObjectId(listId) || !isObjectId(productId)) throw productNotFound();
  const fields = parseChange(body, ['name', 'image', 'price', 'hasBeenOffered', 'received']);
  const hidden = await checkSurprise(userId, productId, fields);
  return productFrom(
    await updateProduct(userId, productId, toChange(fields), { expectListId: listId, maxPerList: MAX_PRODUCTS_PER_LIST, groupGiftMinPrice: GROUP_GIFT_MIN_PLEDGE }),
    hidden,
    listId,
  );
}

export async function deleteProductInList(userId: string, listId: string, productId: string): Promise<void> {
  if (!isObjectId(listId) || !isObjectId(productId)) throw productNotFound();
  const outcome = await deleteProductRecord(userId, productId, listId);
  if (outcome === 'not_found') throw productNotFound();
  if (outcome === 'forbidden') throw notYourProduct();
  if (outcome === 'archived') throw listArchived();
  await listsChanged(...outcome.deletedFrom);
}

/**
 * GET /api/products-in-lists: every product of the caller's lists (lists oldest first, each in
 * order), each once: a product on several lists comes in its home list's place.
 */
export async function productsOf(userId: string): Promise<ProductData[]> {
  const lists = [...(await listsOfOwner(userId)), ...(await listsManagedBy(userId))];
  const grouped = byList(await productsOfLists(lists.map((l) => l._id)));
  return lists.flatMap((l) => {
    const shown = orderProducts(l, grouped.get(String(l._id)) ?? [])
      .filter((p) => String(p.listId) === String(l._id))
      .map((p) => toProductData(p));
    return hiddenFromOwner(l) ? shown.map(withoutOffers) : shown;
  });
}

/** POST /api/products-in-lists: a new product at the end of one of the caller's lists. */
export async function createProduct(userId: string, body: Record<string, unknown>, limits: AccountLimits): Promise<ProductData> {
  // A product without a picture gets the placeholder; without a price, "unknown". Typed by the
  // contract the calling remote uses (through @wishlist/api-client): a change there breaks both.
  const fields: CreateProductRequest = parseFields(createFields, { image: NO_IMAGE_PLACEHOLDER, price: null, ...body });
  const values = {
    name: fields.name,
    image: fields.image,
    price: fields.price,
    url: fields.url,
    websiteName: websiteName(fields.url),
    quantity: fields.quantity ?? 1,
    mostWanted: fields.mostWanted ?? false,
    note: fields.note ?? '',
    groupGift: fields.groupGift === true,
    hidden: fields.hidden === true,
  };
  if (values.groupGift) {
    const problem = groupGiftProblem({ groupGift: false, price: null, quantity: 1, offeredQuantity: 0, hasBeenOffered: false }, values, GROUP_GIFT_MIN_PLEDGE);
    if (problem) throw groupGiftRefused(problem);
  }
  const caps = { maxPerList: MAX_PRODUCTS_PER_LIST, maxPerAccount: limits.maxProductsPerAccount };
  const outcome = await insertProduct(userId, fields.productListId, values, caps);
  if (outcome === 'list_gone') throw HttpError.unprocessable({ productListId: UNKNOWN_LIST }, 'This list does not exist.');
  if (outcome === 'forbidden') throw notYourList();
  if (outcome === 'archived') throw listArchived();
  if (outcome === 'list_full') throw listFull();
  if (outcome === 'account_full') throw accountFull(limits.maxProductsPerAccount);
  await listsChanged(fields.productListId);
  return toProductData(outcome.product); // new: nothing offered yet
}

/**
 * PATCH /api/products-in-lists/{id}: `{name, image, price, productListId}` (and quantity, mostWanted, note); another owned list
 * moves it. A move never crosses owners (someone else's list is 403), so the account's product
 * count is unchanged and the account cap has nothing to check.
 */
export async function changeProduct(userId: string, productId: string, body: Record<string, unknown>): Promise<ProductData> {
  if (!isObjectId(productId)) throw productNotFound();
  const fields = parseChange(body, ['name', 'image', 'price', 'url', 'productListId', 'hasBeenOffered', 'received']);
  const hidden = await checkSurprise(userId, productId, fields);
  return productFrom(
    await updateProduct(userId, productId, toChange(fields), { targetListId: fields.productListId, maxPerList: MAX_PRODUCTS_PER_LIST, groupGiftMinPrice: GROUP_GIFT_MIN_PLEDGE }),
    hidden,
  );
}

export async function deleteProduct(userId: string, productId: string): Promise<void> {
  if (!isObjectId(productId)) throw productNotFound();
  const outcome = await deleteProductRecord(userId, productId);
  if (outcome === 'not_found') throw productNotFound();
  if (outcome === 'forbidden') throw notYourProduct();
  if (outcome === 'archived') throw listArchived();
  await listsChanged(...outcome.deletedFrom);
}

/** Whether a list exists (for favorites). */
export async function existingList(id: string) {
  if (!isObjectId(id)) throw listNotFound();
  const list = await findList(id);
  if (!list) throw listNotFound();
  return list;
}
