import { HttpError, internalClient, type InternalClient, type Lang } from '@wishlist/service-kit';
import { z } from 'zod';

/** What the auth service tells about a person (`GET /internal/users/{id}`). */
export interface Contact {
  email: string;
  lang: Lang;
}

export interface UsersApi {
  /** The person's address and language; null when the account is unknown or deleted. */
  contact(userId: string): Promise<Contact | null>;
}

const contactAnswer = z.object({ data: z.object({ email: z.string().min(3), lang: z.enum(['en', 'fr']).catch('en') }) });

/** The auth service owns accounts: their addresses are asked for, never read from its database. */
export function usersApi(baseUrl: string, options: { timeoutMs: number; client?: InternalClient }): UsersApi {
  const client = options.client ?? internalClient(baseUrl, { serviceName: 'lists', timeoutMs: options.timeoutMs, upstreamName: 'auth' });
  return {
    async contact(userId) {
      const res = await client.get(`/internal/users/${encodeURIComponent(userId)}`);
      if (res.status === 404) return null;
      const parsed = contactAnswer.safeParse(res.body);
      if (res.status !== 200 || !parsed.success) {
        throw HttpError.serviceUnavailable(`The auth service could not give an address (it answered ${res.status}).`);
      }
      return parsed.data.data;
    },
  };
}
