// Lists kept together: inviting a co-manager by e-mail, the invitation's link, the keepers' list
// and removals (docs/api.md, "Lists kept together").
import { HttpError, parseFields } from '@wishlist/service-kit';
import { inviteManagerRequestSchema, type AcceptedInvitationData, type ListInvitationData, type ListManagerData } from '@wishlist/contracts';
import { findList } from '../data/lists';
import { acceptInvitation, findInvitationByTokenHash, insertInvitation, managersOfList, removeManager, type ListManagerDoc } from '../data/managers';
import { hashToken } from '../data/reminders';
import { isKeeper } from '../domain/keepers';
import { listsChanged } from '../domain/listVersions';
import { assertNotErased, listNotFound } from '../domain/productLists';
import { isObjectId } from '../domain/present';
import { INVITATION_DAYS, MAX_MANAGERS_PER_LIST } from './rules';

function notOwner(): HttpError {
  return HttpError.forbidden('Only the owner of this list can invite or remove the people who keep it.', 'not_owner');
}

function invitationNotFound(): HttpError {
  return HttpError.notFound('This invitation link is not valid (it may have been used or withdrawn). Ask for a new invitation.', 'invitation_not_found');
}

export function toManagerData(doc: ListManagerDoc, viewerId: string, now: Date): ListManagerData {
  const state = doc.userId ? 'active' : doc.expiresAt > now ? 'pending' : 'expired';
  return {
    id: String(doc._id),
    email: doc.email,
    state,
    invitedAt: doc.createdAt.toISOString(),
    expiresAt: doc.userId ? null : doc.expiresAt.toISOString(),
    acceptedAt: doc.acceptedAt ? doc.acceptedAt.toISOString() : null,
    isYou: doc.userId === viewerId,
  };
}

/** POST /api/product-lists/{id}/managers `{ email }`: the owner invites; the mail goes through the outbox. */
export async function inviteManager(userId: string, listId: string, body: unknown, lang: string, now = new Date()): Promise<ListManagerData> {
  const { email } = parseFields(inviteManagerRequestSchema, body);
  if (!isObjectId(listId)) throw listNotFound();
  await assertNotErased(userId);
  const outcome = await insertInvitation(
    userId,
    listId,
    { email: email.toLowerCase(), lang: lang === 'fr' ? 'fr' : 'en', expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000), now },
    MAX_MANAGERS_PER_LIST,
  );
  if (outcome === 'not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notOwner();
  if (outcome === 'already_manager') throw HttpError.conflict('This person already keeps this list.', 'already_manager');
  if (outcome === 'too_many') throw HttpError.conflict(`A list can have at most ${MAX_MANAGERS_PER_LIST} people invited or keeping it with you.`, 'too_many_managers');
  return toManagerData(outcome.invitation, userId, now);
}

/** GET /api/product-lists/{id}/managers: keepers only (owner and managers); others 404 as for an unknown list. */
export async function managersOf(userId: string, listId: string, now = new Date()): Promise<ListManagerData[]> {
  if (!isObjectId(listId)) throw listNotFound();
  const list = await findList(listId);
  if (!list || !isKeeper(list, userId)) throw listNotFound();
  return (await managersOfList(list._id)).map((m) => toManagerData(m, userId, now));
}

/** DELETE /api/product-lists/{id}/managers/{managerId}: the owner removes anyone; a manager leaves. */
export async function removeListManager(userId: string, listId: string, managerId: string): Promise<void> {
  if (!isObjectId(listId)) throw listNotFound();
  if (!isObjectId(managerId)) throw HttpError.notFound('Nobody with this id keeps or is invited to this list.', 'manager_not_found');
  const outcome = await removeManager(userId, listId, managerId);
  if (outcome === 'list_not_found') throw listNotFound();
  if (outcome === 'forbidden') throw notOwner();
  if (outcome === 'not_found') throw HttpError.notFound('Nobody with this id keeps or is invited to this list.', 'manager_not_found');
  // The cached reads hold who keeps the list: every copy reads it again.
  await listsChanged(listId);
}

function tokenOf(token: string | undefined): string {
  if (!token || token.length > 100) throw HttpError.badRequest('The invitation token is missing.', 'invitation_token_missing');
  return token;
}

/** GET /api/product-lists/invitations/current (token in a header): what the link opens; changes nothing. */
export async function readInvitation(token: string | undefined, now = new Date()): Promise<ListInvitationData> {
  const invitation = await findInvitationByTokenHash(hashToken(tokenOf(token)));
  if (!invitation || invitation.userId) throw invitationNotFound();
  if (invitation.expiresAt <= now) throw expired();
  const list = await findList(String(invitation.listId));
  if (!list) throw invitationNotFound();
  return { listName: list.name, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
}

function expired(): HttpError {
  return new HttpError(410, 'invitation_expired', 'This invitation has expired. Ask the owner of the list to invite you again.');
}

/** POST /api/product-lists/invitations/current/accept: the signed-in person keeps the list from now on. */
export async function acceptListInvitation(userId: string, token: string | undefined, now = new Date()): Promise<AcceptedInvitationData> {
  const hash = hashToken(tokenOf(token));
  await assertNotErased(userId);
  const outcome = await acceptInvitation(hash, userId, now);
  if (outcome === 'not_found') throw invitationNotFound();
  if (outcome === 'expired') throw expired();
  if (outcome === 'owner') throw HttpError.conflict('This is your own list: you keep it already.', 'own_list');
  await listsChanged(String(outcome.list._id));
  return { listId: String(outcome.list._id), listName: outcome.list.name };
}
