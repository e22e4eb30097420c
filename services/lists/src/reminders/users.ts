import { authUsers, type InternalClient, type UsersApi } from '@wishlist/service-kit';

export type { Contact, UsersApi } from '@wishlist/service-kit';

/** Followers' addresses and languages, for occasion reminders. */
export function usersApi(baseUrl: string, options: { timeoutMs: number; client?: InternalClient }): UsersApi {
  return authUsers(baseUrl, { ...options, serviceName: 'lists', whose: 'an address' });
}
