// Lists kept together: the keepers of a list and the invitation link (docs/api.md, "Lists kept
// together"). The invitation's token travels in a header, never in the query string.
import { INVITATION_TOKEN_HEADER, type AcceptedInvitationData, type ListInvitationData, type ListManagerData } from '@wishlist/contracts';
import { request } from './http';

const managersPath = (listId: string) => `/api/product-lists/${encodeURIComponent(listId)}/managers`;
const withToken = (token: string) => ({ headers: { [INVITATION_TOKEN_HEADER]: token } });

/** GET /api/product-lists/{id}/managers (keepers only): managers and invitations. */
export async function getListManagers(listId: string): Promise<ListManagerData[]> {
  return (await request<{ data: ListManagerData[] }>('GET', managersPath(listId))).data.data;
}

/** POST /api/product-lists/{id}/managers (owner): mails an invitation. 422 `{ email }`, 409 `already_manager` / `too_many_managers`. */
export async function inviteListManager(listId: string, email: string): Promise<ListManagerData> {
  return (await request<{ data: ListManagerData }>('POST', managersPath(listId), { email })).data.data;
}

/** DELETE /api/product-lists/{id}/managers/{managerId}: the owner removes anyone, a manager leaves. */
export async function removeListManager(listId: string, managerId: string): Promise<void> {
  await request('DELETE', `${managersPath(listId)}/${encodeURIComponent(managerId)}`);
}

/** GET /api/product-lists/invitations/current: what the link opens. 404 used or unknown, 410 expired. */
export async function getListInvitation(token: string): Promise<ListInvitationData> {
  return (await request<{ data: ListInvitationData }>('GET', '/api/product-lists/invitations/current', undefined, withToken(token))).data.data;
}

/** POST /api/product-lists/invitations/current/accept (signed in): the caller keeps the list from now on. */
export async function acceptListInvitation(token: string): Promise<AcceptedInvitationData> {
  return (await request<{ data: AcceptedInvitationData }>('POST', '/api/product-lists/invitations/current/accept', {}, withToken(token))).data.data;
}
