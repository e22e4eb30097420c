import { HttpError } from '@wishlist/service-kit';
import type mongoose from 'mongoose';
import { ProductList } from '../data/models';

/** `priceAlerts` of PATCH /api/product-lists/{id}: a boolean, or absent (422 otherwise). */
export function priceAlertsIn(body: Record<string, unknown>): boolean | undefined {
  const value = body.priceAlerts;
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw HttpError.unprocessable({ priceAlerts: 'invalid-boolean' }, 'priceAlerts must be true or false.');
  return value;
}

/** The owner's switch: off, no follower of the list gets its price alerts (queued ones are dropped when sent). */
export async function setListPriceAlerts(listId: mongoose.Types.ObjectId, on: boolean): Promise<void> {
  await ProductList.updateOne({ _id: listId }, { $set: { priceAlerts: on } }).exec();
}
