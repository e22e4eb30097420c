import { HttpError, parseFields } from '@wishlist/service-kit';
import {
  giftsHidden,
  LIST_SURPRISE_KEYS,
  listSurpriseSchema,
  type ListSurpriseChange,
  type ProductData,
  type SurpriseFacts,
  type SurpriseFields,
  type SurpriseRecipient,
} from '@wishlist/contracts';
import type mongoose from 'mongoose';
import { findList } from '../data/lists';
import { ProductList, type ProductListDoc } from '../data/models';

// Surprise lists (docs/api.md "Surprise lists"): the owner's answers say nothing of what givers
// offered before the reveal; visitors' answers are unchanged, so nobody gives twice.

type StoredSurprise = Pick<ProductListDoc, 'eventDate'> & Partial<Pick<ProductListDoc, 'surprise' | 'revealAt' | 'revealed'>> & { recipient?: unknown };

/** The list's surprise facts, as `giftsHidden` reads them. */
export function surpriseFactsOf(list: StoredSurprise): SurpriseFacts {
  const recipient = typeof list.recipient === 'string' ? (list.recipient as SurpriseRecipient) : undefined;
  return { surprise: list.surprise === true, revealAt: list.revealAt ?? null, eventDate: list.eventDate ?? null, revealed: list.revealed === true, recipient };
}

/**
 * The surprise fields of a list answer: present only on a list that keeps (or kept) a surprise, so
 * every other list keeps the shape it had; absent means no surprise.
 */
export function surpriseFieldsOf(list: StoredSurprise): Partial<SurpriseFields> {
  if (list.surprise !== true && !list.revealAt && list.revealed !== true) return {};
  return { surprise: list.surprise === true, revealAt: list.revealAt ?? null, revealed: list.revealed === true };
}

/** Whether the owner of this stored list must not see its offers now. */
export function hiddenFromOwner(list: StoredSurprise, now = new Date()): boolean {
  return giftsHidden(surpriseFactsOf(list), now);
}

/** A product as its owner sees it before the reveal: nothing says it is offered, or how much of it. */
export function withoutOffers(product: ProductData): ProductData {
  return { ...product, hasBeenOffered: false, offeredQuantity: 0 };
}

/** A product written by its owner, as the owner may see it now (its list's surprise applied). */
export async function ownerProduct(product: ProductData): Promise<ProductData> {
  const list = await findList(product.productListId);
  return list && hiddenFromOwner(list) ? withoutOffers(product) : product;
}

/** The surprise fields of a list write (`POST`/`PATCH /api/product-lists`), or undefined when it sends none. 422 on a bad one. */
export function surpriseChangeIn(body: Record<string, unknown>): ListSurpriseChange | undefined {
  const picked: Record<string, unknown> = {};
  for (const key of LIST_SURPRISE_KEYS) if (body[key] !== undefined) picked[key] = body[key];
  if (Object.keys(picked).length === 0) return undefined;
  return parseFields(listSurpriseSchema, picked);
}

/** Writes the surprise fields given (the caller checked the list is the caller's). */
export async function setListSurprise(listId: mongoose.Types.ObjectId, change: ListSurpriseChange): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const key of LIST_SURPRISE_KEYS) if (change[key] !== undefined) set[key] = change[key];
  await ProductList.updateOne({ _id: listId }, { $set: set }).exec();
}

/**
 * 409 `surprise_kept`: before the reveal the owner's "Offered / Not offered" marks are refused.
 * The owner cannot see whether a giver holds the product, so "not offered" would silently cancel
 * a giver's gift, and the answer to "offered" would tell what the surprise hides.
 */
export function surpriseKept(): HttpError {
  return HttpError.conflict(
    'This list keeps the surprise: you cannot mark its products offered or not before the reveal. Remove a product you no longer want.',
    'surprise_kept',
  );
}
