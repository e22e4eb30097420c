// Keeps the listing's local copy (`useListsStore` of src/state) in step after a save or a removal,
// so the listing shows the change without waiting for a reload.
import { useListsStore } from '../state';
import type { SaveResult } from './saveProduct';

/** Adds or replaces the saved product in its list; a moved product leaves its former list. */
export function syncSaved({ product }: SaveResult): void {
  useListsStore.getState().upsertProduct(product);
}

export function syncRemoved(_listId: string, productId: string): void {
  useListsStore.getState().removeProduct(productId);
}
