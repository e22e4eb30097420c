// Who keeps a list (its owner and the managers who accepted an invitation) and who receives its
// gifts: the rules every authorization and every view of the lists service goes through.
import { isRecipientKeeper as recipientRule, LIST_RECIPIENTS, type KeeperRole, type ListRecipient } from '@wishlist/contracts';

/** What the rules read of a list (a stored list, or the fields of one). */
export interface KeptList {
  ownerId: string;
  managerIds?: readonly string[] | null;
  recipient?: string | null;
}

/** The person's role on the list, or null for anyone else (a visitor, a follower, nobody). */
export function keeperRole(list: KeptList, userId: string | undefined): KeeperRole | null {
  if (userId === undefined) return null;
  if (list.ownerId === userId) return 'owner';
  return list.managerIds?.includes(userId) ? 'manager' : null;
}

/** Whether the person may change the list as its owner does (list fields, products, link, export). */
export function isKeeper(list: KeptList, userId: string | undefined): boolean {
  return keeperRole(list, userId) !== null;
}

/** Who receives the list's gifts; `me` for a list stored before keepers existed. */
export function recipientOf(list: KeptList): ListRecipient {
  return (LIST_RECIPIENTS as readonly string[]).includes(list.recipient ?? '') ? (list.recipient as ListRecipient) : 'me';
}

/** Whether this person is one of those the gifts are for (@wishlist/contracts `isRecipientKeeper`). */
export function isRecipientKeeper(list: KeptList, userId: string | undefined): boolean {
  const role = keeperRole(list, userId);
  return role !== null && recipientRule(recipientOf(list), role);
}
