import { randomBytes } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { firstCheck } from '../priceWatch/rules';

/**
 * A list's id is what opens it without an account (its shared link): 12 bytes from the CSPRNG
 * (96 bits), shaped as an ObjectId so that it stays a 24-hex string for every client and every
 * reference. A default ObjectId (time, process, counter) could be guessed from a neighbour's.
 */
export function randomListId(): mongoose.Types.ObjectId {
  return new mongoose.Types.ObjectId(randomBytes(12));
}

/** A product list. `ownerId` is the auth service's user id (a string: ids cross services). */
const productListSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, default: randomListId },
    ownerId: { type: String, required: true },
    name: { type: String, required: true },
    /**
     * Set (to the owner's id) on the list created automatically for a person with none: the
     * unique index makes two concurrent first calls create one default list, not two.
     */
    defaultFor: { type: String },
    /**
     * The list's order: product ids, each at most once ($addToSet). Reads tolerate an id whose
     * product is gone and a product missing here (shown last), so the order can never hide or
     * duplicate a product.
     */
    productIds: { type: [Schema.Types.ObjectId], default: [] },
    /**
     * Bumped on the owner's other lists when one is deleted, inside the deleting transaction:
     * two concurrent deletions of someone's last two lists then write the same documents, so
     * one of them retries, sees a single list left, and is refused.
     */
    revision: { type: Number, default: 0 },
    /** The occasion's day (`YYYY-MM-DD`, UTC calendar day), or null. */
    eventDate: { type: String, default: null },
    /** Read-only, refuses offers, left out of the owner's default list and slider. */
    archived: { type: Boolean, default: false },
    /** The owner's choice: price drops of this list's products mail its followers who opted in. */
    priceAlerts: { type: Boolean, default: true },
    /** Surprise list: its owner sees no offer before the reveal (contracts `giftsHidden`). */
    surprise: { type: Boolean, default: false },
    /** The owner's reveal day (`YYYY-MM-DD`) or instant (ISO), or null: after `eventDate`. */
    revealAt: { type: String, default: null },
    /** The owner chose "Show me anyway". */
    revealed: { type: Boolean, default: false },
    /**
     * When the reminder of `eventDate` is due to the people who follow the list, or null (none
     * due: no date, a date past, or already taken by a sweep). Set again whenever the date changes.
     */
    reminderDueAt: { type: Date, default: null },
    /**
     * Bumped by every write that changes what `GET /api/product-lists/{id}` answers (the list, its
     * products, their offers), before that write answers: a copy of the service serves its cached
     * read of the list only while this is the version it cached, so no copy answers a stale list.
     */
    readVersion: { type: Number, default: 0 },
    /**
     * People (auth user ids) who keep the list with its owner, having accepted an invitation
     * (data/managers). Every authorization reads it from the list itself, so a removal holds at once.
     */
    managerIds: { type: [String], default: [] },
    /** Who receives the gifts: `me` (the owner), `someone-else` or `us` (@wishlist/contracts `ListRecipient`). */
    recipient: { type: String, default: 'me' },
    /**
     * Ids of this list's products that only the people who may see private products see: what
     * visitors' counts (favorites) leave out without reading any product.
     */
    hiddenIds: { type: [Schema.Types.ObjectId], default: undefined },
  },
  { timestamps: true },
);
productListSchema.index({ ownerId: 1, createdAt: 1 });
productListSchema.index({ managerIds: 1 });
// The reminder sweep's lookup (`reminderDueAt <= now`). Not partial: an engine that plans no
// partial index would scan every list instead. Nulls sort apart from dates, so the range stays
// as selective as a partial index would make it.
productListSchema.index({ reminderDueAt: 1, _id: 1 });
// The lists with an occasion in the coming days, for the offers service's gift reminders.
productListSchema.index({ eventDate: 1 });
productListSchema.index({ defaultFor: 1 }, { unique: true, partialFilterExpression: { defaultFor: { $type: 'string' } } });

/** Units of a product held by one offering (offers service); internal, never sent to browsers. */
const holdSchema = new Schema(
  {
    offeringId: { type: String, required: true },
    units: { type: Number, required: true },
  },
  { _id: false },
);

/** One point of a product's price history. */
const pricePointSchema = new Schema({ price: { type: Number, required: true }, at: { type: Date, required: true } }, { _id: false });

/** A product in a list. `ownerId` is the list owner's id, copied for authorization and erasure. */
const productSchema = new Schema(
  {
    /** The product's home list (where it was added; `productListId` outside a list's read). */
    listId: { type: Schema.Types.ObjectId, required: true },
    /**
     * Every list the product is on, home first, when it is on several (unset when on its home
     * list only): one product, one offered state, shown by each of these lists.
     */
    listIds: { type: [Schema.Types.ObjectId], default: undefined },
    /** Private: seen by the people who may see private products only, never offered. */
    hidden: { type: Boolean, default: false },
    ownerId: { type: String, required: true },
    name: { type: String, required: true },
    image: { type: String, required: true },
    /** Integer cents, or null when unknown. */
    price: { type: Number, default: null },
    /** Price watch (src/priceWatch): the shop's readings that changed the price, oldest first, at most 90. */
    priceHistory: { type: [pricePointSchema], default: [] },
    /** When the shop's page last gave a price (null: never read by price watch). */
    priceCheckedAt: { type: Date, default: null },
    /** The last reading failed (page gone, no price, refused): `price` is the last one known. */
    priceStale: { type: Boolean, default: false },
    /** When price watch reads the page next: spread over the first day, then about daily. */
    priceNextCheckAt: { type: Date, default: () => firstCheck(new Date()) },
    /** Readings failed in a row (exponential back-off of this product). */
    priceFailures: { type: Number, default: 0 },
    url: { type: String, required: true },
    /** Derived from url on every write (never taken from the client). */
    websiteName: { type: String, default: '' },
    hasBeenOffered: { type: Boolean, default: false },
    /**
     * Id of the offering holding the whole product, as written before products had quantities;
     * still honoured by release so those offerings free their product. New claims write `holds`.
     */
    offeredBy: { type: String, default: null },
    /** The owner got it: their own mark, apart from offered, never shown to visitors. */
    received: { type: Boolean, default: false },
    /** How many the owner wishes (1 to 99). */
    quantity: { type: Number, default: 1 },
    mostWanted: { type: Boolean, default: false },
    /** Visitors pledge amounts (offers service) instead of offering it whole; one unit, a price. */
    groupGift: { type: Boolean, default: false },
    /** Plain text from the owner (size, colour...). */
    note: { type: String, default: '' },
    /**
     * Offerings holding units, and their sum. Both change together in one conditional update
     * (claim and release), so `offeredQuantity` is always the sum of `holds`, and a product is
     * `hasBeenOffered` once it reaches `quantity` (or the owner says so).
     */
    holds: { type: [holdSchema], default: [] },
    offeredQuantity: { type: Number, default: 0 },
  },
  { timestamps: true },
);
productSchema.index({ listId: 1 });
productSchema.index({ listIds: 1 });
productSchema.index({ ownerId: 1 });
productSchema.index({ priceNextCheckAt: 1 });

/** A person's favorite list (someone else's list they follow). */
const favoriteSchema = new Schema(
  {
    userId: { type: String, required: true },
    listId: { type: Schema.Types.ObjectId, required: true },
    /** Set from the unsubscribe link of a reminder: no more reminders of this list to this person. */
    remindersOff: { type: Boolean, default: false },
    /** Opted in on the favorites page: mailed when a product of this list gets 10 % cheaper (off by default). */
    priceAlerts: { type: Boolean, default: false },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
favoriteSchema.index({ userId: 1, listId: 1 }, { unique: true });
favoriteSchema.index({ listId: 1 });

/**
 * People whose data was erased (account deleted). Only the id, which is no personal data: it
 * stops a request still in flight from recreating a default list after the erasure.
 */
const erasedUserSchema = new Schema({
  _id: { type: String, required: true },
  erasedAt: { type: Date, required: true },
});

export type ProductListDoc = InferSchemaType<typeof productListSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export type ProductDoc = InferSchemaType<typeof productSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export type FavoriteDoc = InferSchemaType<typeof favoriteSchema> & { _id: mongoose.Types.ObjectId; createdAt: Date };

export const ProductList = mongoose.model('ProductList', productListSchema);
export const Product = mongoose.model('Product', productSchema);
export const Favorite = mongoose.model('Favorite', favoriteSchema);
export const ErasedUser = mongoose.model('ErasedUser', erasedUserSchema);

/** Runs `fn` in a transaction (retried on transient conflicts): all its writes or none. */
export function atomically<T>(fn: (session: mongoose.ClientSession) => Promise<T>): Promise<T> {
  return mongoose.connection.transaction(fn);
}
