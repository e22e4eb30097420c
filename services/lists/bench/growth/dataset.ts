// The data sets of `npm run bench:growth`: 1 user per 20 products, 5 lists each, one offering per
// user (user u offers the first product of user u+1). Documents are built by the services' own
// mongoose models (their defaults and casts), then written in bulk through the driver.
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { User } from '../../../auth/src/data/models';
import { Offering } from '../../../offers/src/data/models';
import { Product, ProductList } from '../../src/data/models';

export const PRODUCTS_PER_USER = 20;
export const LISTS_PER_USER = 5;
export const DEFAULT_SIZES = [1_000, 10_000, 100_000, 500_000];

/** `--sizes 1k,10k,500` → [1000, 10000, 500]; each a multiple of PRODUCTS_PER_USER, at least 40 (two users). */
export function parseSizes(arg: string | undefined): number[] {
  if (arg === undefined || arg.trim() === '') return DEFAULT_SIZES;
  return arg.split(',').map((raw) => {
    const m = /^\s*(\d+)(k?)\s*$/i.exec(raw);
    if (!m) throw new Error(`--sizes: "${raw}" is not a size (examples: 1k, 10k, 2000)`);
    const n = Number(m[1]) * (m[2] ? 1000 : 1);
    if (n < 2 * PRODUCTS_PER_USER || n % PRODUCTS_PER_USER !== 0)
      throw new Error(`--sizes: ${raw} must be a multiple of ${PRODUCTS_PER_USER} products, at least ${2 * PRODUCTS_PER_USER}`);
    return n;
  });
}

/** How many documents of each kind a size makes (the journal probe's user aside). */
export function shapeOf(products: number): { users: number; lists: number; products: number; offerings: number } {
  const users = Math.floor(products / PRODUCTS_PER_USER);
  return { users, lists: users * LISTS_PER_USER, products: users * PRODUCTS_PER_USER, offerings: users };
}

/** Which of a user's lists holds their product `p` (0..19): 4 per list. */
export const listOfProduct = (p: number): number => Math.floor(p / (PRODUCTS_PER_USER / LISTS_PER_USER));

type Doc = Record<string, unknown>;

/** One batch of documents, per database and collection. */
export interface Batch {
  users: Doc[];
  lists: Doc[];
  products: Doc[];
  offerings: Doc[];
}

/** What the bench needs to know of a generated user. */
export interface SeededUser {
  userId: string;
  listIds: string[];
  /** productIds[list][i] */
  productIds: string[][];
}

/** Ids fixed from the user's index and a run seed, so a user's offering and the product it holds agree across batches. */
function ids(seed: string, u: number) {
  const h = (what: string, bytes: number) => createHash('sha256').update(`${seed}:${u}:${what}`).digest().subarray(0, bytes);
  return {
    user: new mongoose.Types.ObjectId(h('user', 12)),
    list: (l: number) => new mongoose.Types.ObjectId(h(`list${l}`, 12)),
    product: (p: number) => new mongoose.Types.ObjectId(h(`product${p}`, 12)),
    offering: h('offering', 16).toString('base64url'),
  };
}

const plain = (doc: { toObject(options?: { depopulate?: boolean }): unknown }): Doc => doc.toObject({ depopulate: true }) as Doc;

function productFields(u: number, p: number) {
  return {
    name: `Gift ${p + 1} of person ${u + 1}, a product with a realistic name of some length`,
    image: `https://images.shop.example/products/${u}-${p}/large-picture.jpg?w=600&h=600`,
    price: 1000 + ((u * 31 + p * 137) % 9000),
    url: `https://www.shop.example/catalogue/gift-${u}-${p}?ref=wishlist&utm_source=bench`,
    websiteName: 'shop.example',
  };
}

export function generator(products: number, seed = randomBytes(8).toString('hex')) {
  const { users } = shapeOf(products);
  const at = new Date();
  const userOf = (u: number): SeededUser => {
    const id = ids(seed, u);
    return {
      userId: id.user.toHexString(),
      listIds: Array.from({ length: LISTS_PER_USER }, (_, l) => id.list(l).toHexString()),
      productIds: Array.from({ length: LISTS_PER_USER }, (_, l) =>
        Array.from({ length: PRODUCTS_PER_USER / LISTS_PER_USER }, (_, i) => id.product(l * (PRODUCTS_PER_USER / LISTS_PER_USER) + i).toHexString()),
      ),
    };
  };

  /** Documents of users [from, to). */
  function batch(from: number, to: number): Batch {
    const out: Batch = { users: [], lists: [], products: [], offerings: [] };
    for (let u = from; u < to; u++) {
      const id = ids(seed, u);
      const userId = id.user.toHexString();
      out.users.push(plain(new User({ _id: id.user, email: `person-${u}@bench.example`, lang: 'en', deletedAt: null, createdAt: at, updatedAt: at })));
      // The offering of the previous user holds this user's first product.
      const holder = ids(seed, (u - 1 + users) % users).offering;
      for (let l = 0; l < LISTS_PER_USER; l++) {
        const productIds: mongoose.Types.ObjectId[] = [];
        for (let i = 0; i < PRODUCTS_PER_USER / LISTS_PER_USER; i++) {
          const p = l * (PRODUCTS_PER_USER / LISTS_PER_USER) + i;
          const held = p === 0;
          productIds.push(id.product(p));
          out.products.push(
            plain(
              new Product({
                _id: id.product(p),
                listId: id.list(l),
                ownerId: userId,
                ...productFields(u, p),
                ...(held ? { hasBeenOffered: true, holds: [{ offeringId: holder, units: 1 }], offeredQuantity: 1 } : {}),
                createdAt: at,
                updatedAt: at,
              }),
            ),
          );
        }
        out.lists.push(
          plain(
            new ProductList({
              _id: id.list(l),
              ownerId: userId,
              name: l === 0 ? 'My wish list' : `List ${l + 1} of person ${u + 1}`,
              ...(l === 0 ? { defaultFor: userId } : {}),
              productIds,
              createdAt: new Date(at.getTime() + l),
              updatedAt: at,
            }),
          ),
        );
      }
      // This user's offering: the first product of the next user.
      const next = (u + 1) % users;
      const owner = ids(seed, next);
      const email = `giver-${u}@bench.example`;
      out.offerings.push(
        plain(
          new Offering({
            _id: id.offering,
            basketId: createHash('sha256').update(`${seed}:basket:${u}`).digest('base64url').slice(0, 22),
            state: 'pending',
            ownerId: owner.user.toHexString(),
            products: [{ id: owner.product(0).toHexString(), ...productFields(next, 0), productListId: owner.list(0).toHexString(), listName: 'My wish list', quantity: 1 }],
            isExpectingAddress: true,
            offererEmail: email,
            offererEmailKey: createHash('sha256').update(email).digest('hex'),
            offererIdentity: `Person ${u + 1}`,
            offererMessage: 'Happy birthday!',
            offererUserId: null,
            offererLang: 'en',
            confirmedAt: at,
            createdAt: at,
          }),
        ),
      );
    }
    return out;
  }

  /**
   * The journal probe's user (not counted in the size): one list of `short` products and one of
   * `long`, to compare what one product creation appends to the journal in each.
   */
  function probe(short: number, long: number): { batch: Batch; user: SeededUser } {
    const id = ids(seed, -1);
    const userId = id.user.toHexString();
    const out: Batch = { users: [plain(new User({ _id: id.user, email: 'journal-probe@bench.example', lang: 'en', deletedAt: null, createdAt: at, updatedAt: at }))], lists: [], products: [], offerings: [] };
    const productIds: string[][] = [];
    let p = 0;
    for (const [l, count] of [short, long].entries()) {
      const listProducts: mongoose.Types.ObjectId[] = [];
      for (let i = 0; i < count; i++, p++) {
        listProducts.push(id.product(p));
        out.products.push(plain(new Product({ _id: id.product(p), listId: id.list(l), ownerId: userId, ...productFields(-1, p), createdAt: at, updatedAt: at })));
      }
      productIds.push(listProducts.map((x) => x.toHexString()));
      out.lists.push(
        plain(new ProductList({ _id: id.list(l), ownerId: userId, name: l === 0 ? 'My wish list' : 'A long list', ...(l === 0 ? { defaultFor: userId } : {}), productIds: listProducts, createdAt: new Date(at.getTime() + l), updatedAt: at })),
      );
    }
    return { batch: out, user: { userId, listIds: [id.list(0).toHexString(), id.list(1).toHexString()], productIds } };
  }

  return { users, userOf, batch, probe };
}
