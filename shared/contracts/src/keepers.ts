// Lists kept together (co-managers invited by e-mail) and lists kept for someone else: the fields
// and payloads that the lists and offers services answer and the remotes read (docs/api.md,
// "Lists kept together").

/** Who receives the gifts of a list: its owner (default), someone else (a child, a pet), or a couple. */
export const LIST_RECIPIENTS = ['me', 'someone-else', 'us'] as const;
export type ListRecipient = (typeof LIST_RECIPIENTS)[number];

/** A keeper's role on a list: the person who made it, or someone who accepted an invitation. */
export type KeeperRole = 'owner' | 'manager';

/**
 * Whether a keeper of a list is one of the people the gifts are for, the one rule every "who
 * receives" decision goes through (what an offering page shows, who is kept from seeing gifts):
 * on the owner's own list, only the owner; on a couple's list, every keeper; on a list kept for
 * someone else, none of them.
 */
export function isRecipientKeeper(recipient: ListRecipient | null | undefined, role: KeeperRole): boolean {
  const r = recipient ?? 'me';
  if (r === 'someone-else') return false;
  if (r === 'us') return true;
  return role === 'owner';
}

/**
 * Whether the keepers who are not the owner see the list's offers and may answer them: on a list
 * for someone else (they look after that person's gifts) and on a couple's list (both receive).
 */
export function managersAnswerOffers(recipient: ListRecipient | null | undefined): boolean {
  return recipient === 'someone-else' || recipient === 'us';
}

/** `pending`: invited, link not used yet; `expired`: the link ran out unused; `active`: a manager. */
export type ListManagerState = 'pending' | 'expired' | 'active';

/** One entry of `GET /api/product-lists/{id}/managers`: a manager or an invitation. */
export interface ListManagerData {
  /** What `DELETE /api/product-lists/{id}/managers/{managerId}` takes. */
  id: string;
  /** The address the invitation was sent to. */
  email: string;
  state: ListManagerState;
  invitedAt: string;
  /** When the invitation's link stops working (pending and expired ones), else null. */
  expiresAt: string | null;
  acceptedAt: string | null;
  /** This entry is the caller (a manager leaving uses its id). */
  isYou: boolean;
}

/** The header the invitation token travels in (never the query string). */
export const INVITATION_TOKEN_HEADER = 'X-Invitation-Token';

/** `GET /api/product-lists/invitations/current`: what an invitation link opens, before it is accepted. */
export interface ListInvitationData {
  listName: string;
  email: string;
  expiresAt: string;
}

/** `POST /api/product-lists/invitations/current/accept`: the list the caller now keeps. */
export interface AcceptedInvitationData {
  listId: string;
  listName: string;
}
