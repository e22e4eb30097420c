// The auth service owns accounts: a service that writes to a person asks it for their address and
// language (`GET /internal/users/{id}`), never reads its database.
import { z } from 'zod';
import { HttpError } from './errors';
import { internalClient, type InternalClient } from './internalClient';
import type { Lang } from './identity';

/** What the auth service tells about a person. */
export interface Contact {
  email: string;
  lang: Lang;
}

export interface UsersApi {
  /** The person's address and language; null when the account is unknown or deleted. */
  contact(userId: string): Promise<Contact | null>;
}

const contactAnswer = z.object({ data: z.object({ email: z.string().min(3), lang: z.enum(['en', 'fr']).catch('en') }) });

/**
 * The auth service's contact call for `serviceName`; `whose` names the address in the 503 a
 * failed call becomes ("an address", "the owner's address").
 */
export function authUsers(baseUrl: string, options: { serviceName: string; timeoutMs: number; whose: string; client?: InternalClient }): UsersApi {
  const client = options.client ?? internalClient(baseUrl, { serviceName: options.serviceName, timeoutMs: options.timeoutMs, upstreamName: 'auth' });
  return {
    async contact(userId) {
      const res = await client.get(`/internal/users/${encodeURIComponent(userId)}`);
      if (res.status === 404) return null;
      const parsed = contactAnswer.safeParse(res.body);
      if (res.status !== 200 || !parsed.success) {
        throw HttpError.serviceUnavailable(`The auth service could not give ${options.whose} (it answered ${res.status}).`);
      }
      return parsed.data.data;
    },
  };
}
