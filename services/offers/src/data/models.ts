import type { SurpriseFacts } from '@wishlist/contracts';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

export const OFFERING_STATES = ['creating', 'unconfirmed', 'pending', 'address-given', 'refused', 'expired', 'withdrawn'] as const;
export type OfferingState = (typeof OFFERING_STATES)[number];

/**
 * The states the owner sees: the giver's address is confirmed (or was a signed-in account's own).
 * `withdrawn`: the giver took the offer back before the owner answered.
 */
export const CONFIRMED_STATES = ['pending', 'address-given', 'refused', 'withdrawn'] as const;
/** The mails an offering still owes (removed once sent; retried by the sweep meanwhile). */
export const MAIL_KINDS = ['owner-offer', 'keepers-offer', 'giver-confirmation', 'giver-address', 'giver-refused', 'owner-withdrawn', 'pledgers-complete'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A product as it was when it was offered (the owner reads the offer even if it changes later). */
const offeredProductSchema = new Schema(
  {
    id: { type: String, required: true },
    name: { type: String, default: '' },
    image: { type: String, default: '' },
    price: { type: Number, default: null },
    url: { type: String, default: '' },
    websiteName: { type: String, default: '' },
    productListId: { type: String, default: '' },
    listName: { type: String, default: '' },
    /** Units of the product this offering gives (1 for offerings made before quantities). */
    quantity: { type: Number, default: 1 },
  },
  { _id: false },
);

/**
 * One offer to one owner: the products of a basket that belong to that owner. A basket mixing
 * several owners makes several offerings sharing a `basketId`.
 *
 * `_id` is random (128 bits, base64url): the id is in the owner's mail links and must not be
 * guessable. `creating` offerings exist only while their products are being flagged through the
 * lists service; nobody sees them, and the sweep rolls back those left by a crash. An anonymous
 * giver's offering then waits `unconfirmed` (products held, owner not told) until the giver opens
 * the verification mail's link and confirms; unconfirmed too long, it becomes `expired` and its
 * products are released. The owner only ever sees the CONFIRMED_STATES.
 */
const offeringSchema = new Schema(
  {
    _id: { type: String, required: true },
    basketId: { type: String, required: true },
    state: { type: String, enum: OFFERING_STATES, required: true },
    /** The auth user id of the products' owner; null once that account is erased. */
    ownerId: { type: String, default: null },
    products: { type: [offeredProductSchema], default: [] },
    isExpectingAddress: { type: Boolean, required: true },
    /** Personal data of the giver: erased with the giver's account (by user id, and by address). */
    offererEmail: { type: String, default: null },
    /**
     * SHA-256 of the giver's address, trimmed and lower-cased (auth's normal form): an account's
     * deletion finds the offers made with its address, signed in or not. Erased with the address.
     */
    offererEmailKey: { type: String, default: null },
    offererIdentity: { type: String, default: '' },
    offererMessage: { type: String, default: '' },
    offererUserId: { type: String, default: null },
    offererLang: { type: String, enum: ['en', 'fr'], default: 'en', required: true },
    /** Given by the owner; erased with the owner's account. */
    address: { type: String, default: null },
    answeredAt: { type: Date, default: null },
    /** Refused, but the products' offered flags are not cleared yet (lists was unreachable). */
    releasePending: { type: Boolean, default: false },
    /** One copy of the service is releasing the products until then (the others leave it alone). */
    releasingUntil: { type: Date, default: null },
    /**
     * SHA-256 of the codes of the verification mails sent to the giver (one per mail: an older
     * mail's link keeps working after a resend). Empty when the address needed no confirmation.
     */
    codeHashes: { type: [String], default: [] },
    /** An `unconfirmed` offering expires (its products released) at this date. */
    expiresAt: { type: Date, default: null },
    confirmedAt: { type: Date, default: null },
    /** Verification mails sent again on the giver's request, and when the last one was. */
    verificationResends: { type: Number, default: 0 },
    lastVerificationAt: { type: Date, default: null },
    /**
     * SHA-256 of the withdrawal tokens mailed to the giver with the receipt (one per receipt sent:
     * a retried mail adds one). Each opens this offering only, and only the hash is kept.
     */
    withdrawalHashes: { type: [String], default: [] },
    withdrawnAt: { type: Date, default: null },
    mailsDue: { type: [String], enum: MAIL_KINDS, default: [] },
    mailAttempts: { type: Number, default: 0 },
    nextMailAt: { type: Date, default: null },
    /**
     * One copy of the service is sending the due mails until then, and `mailingBy` names that
     * call: the request that made a mail due and the sweeps of every copy all try to take this
     * lease first, so each mail goes once.
     */
    mailingUntil: { type: Date, default: null },
    mailingBy: { type: String, default: null },
    createdAt: { type: Date, required: true },
    /**
     * A group gift's offering: the product whose pledges it gathers and the round of pledges
     * (the givers are those pledgers; their mails go to every one of them).
     */
    pledgeProductId: { type: String, default: null },
    pledgeRound: { type: Number, default: null },
    /**
     * The surprise lists among the offering's products' lists, as they were when it was made
     * (`{ listId, surprise, revealAt, eventDate, revealed }`): what the owner's mails hide.
     */
    surpriseLists: { type: [Schema.Types.Mixed], default: [] },
  },
  { timestamps: false, versionKey: false },
);
offeringSchema.index({ ownerId: 1 });
offeringSchema.index({ offererUserId: 1 });
offeringSchema.index({ offererEmailKey: 1 });
offeringSchema.index({ basketId: 1 });
offeringSchema.index({ state: 1, createdAt: 1 });
offeringSchema.index({ state: 1, expiresAt: 1 });
offeringSchema.index({ releasePending: 1 });
offeringSchema.index({ nextMailAt: 1 });
// The gift reminders' lookup: the offers on the lists whose occasion is coming.
offeringSchema.index({ 'products.productListId': 1 });

export type OfferedProduct = InferSchemaType<typeof offeredProductSchema>;
export interface OfferingDoc {
  _id: string;
  basketId: string;
  state: OfferingState;
  ownerId: string | null;
  products: OfferedProduct[];
  isExpectingAddress: boolean;
  offererEmail: string | null;
  offererEmailKey: string | null;
  offererIdentity: string;
  offererMessage: string;
  offererUserId: string | null;
  offererLang: 'en' | 'fr';
  address: string | null;
  answeredAt: Date | null;
  releasePending: boolean;
  releasingUntil?: Date | null;
  codeHashes: string[];
  expiresAt: Date | null;
  confirmedAt: Date | null;
  verificationResends: number;
  lastVerificationAt: Date | null;
  withdrawalHashes?: string[];
  withdrawnAt?: Date | null;
  mailsDue: MailKind[];
  mailAttempts: number;
  nextMailAt: Date | null;
  mailingUntil?: Date | null;
  mailingBy?: string | null;
  createdAt: Date;
  pledgeProductId?: string | null;
  pledgeRound?: number | null;
  surpriseLists?: (SurpriseFacts & { listId: string })[];
}

export const Offering = mongoose.model('Offering', offeringSchema);
