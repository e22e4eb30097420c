import { authUsers, HttpError, internalClient, type InternalClient, type Logger, type UsersApi } from '@wishlist/service-kit';
import { z } from 'zod';

/** The surprise facts of a product's list (contracts `SurpriseFacts`); absent on lists that keep none. */
const listSurpriseSchema = z.object({
  surprise: z.boolean().nullish(),
  revealAt: z.string().nullish(),
  eventDate: z.string().nullish(),
  revealed: z.boolean().nullish(),
  recipient: z.enum(['me', 'someone-else', 'us']).nullish().catch(null),
});

/** A product as the lists service describes it to us (`POST /internal/products/lookup`). */
const listedProductSchema = z.object({
  id: z.string().min(1),
  name: z.string().catch(''),
  image: z.string().catch(''),
  price: z.number().nullable().catch(null),
  url: z.string().catch(''),
  websiteName: z.string().nullish().transform((v) => v ?? ''),
  productListId: z.string().catch(''),
  hasBeenOffered: z.boolean(),
  /** Wished and already offered units (1 and 0 from a lists service without quantities). */
  quantity: z.number().int().min(1).catch(1).default(1),
  offeredQuantity: z.number().int().min(0).catch(0).default(0),
  ownerId: z.string().min(1),
  /** Pledged for in parts (`/api/pledges`), never offered whole (false from a lists service without group gifts). */
  groupGift: z.boolean().catch(false).default(false),
  listName: z.string().nullish().transform((v) => v ?? ''),
  listSurprise: listSurpriseSchema.optional().catch(undefined),
});
export type ListedProduct = z.output<typeof listedProductSchema>;

const lookupAnswer = z.object({ data: z.array(listedProductSchema) });
const conflictAnswer = z.object({ error: z.object({ code: z.string() }).partial().optional(), conflicts: z.array(z.string()).optional() });

function listsTrouble(what: string, status: number): HttpError {
  return HttpError.serviceUnavailable(`The lists service could not ${what} (it answered ${status}). Try again in a moment.`);
}

/** Who keeps a list, as the lists service tells it (`GET /internal/product-lists/{id}/keepers`). */
const keepersAnswer = z.object({
  data: z.object({
    listId: z.string(),
    ownerId: z.string(),
    managerIds: z.array(z.string()).catch([]),
    recipient: z.enum(['me', 'someone-else', 'us']).catch('me'),
  }),
});
export type ListKeepers = z.output<typeof keepersAnswer>['data'];

/** `archived`: the products are on an archived list (the lists service answered `list_archived`). */
export type ClaimResult = { ok: true } | { ok: false; conflicts: string[]; archived?: boolean };

/** The lists service's internal product API (flags are all-or-nothing on its side). */
export interface ListsApi {
  lookup(ids: string[]): Promise<ListedProduct[]>;
  /** `quantities`: units per id (1 for an id not named). */
  claim(ids: string[], offeringId: string, quantities?: Record<string, number>): Promise<ClaimResult>;
  /** Gives back whatever units the offering holds on these products. */
  release(ids: string[], offeringId: string): Promise<void>;
  /** Who keeps the list now (read at each call: a removed manager stops at once); null when it is gone. */
  keepers(listId: string): Promise<ListKeepers | null>;
}

export function listsApi(baseUrl: string, options: { timeoutMs: number; logger?: Logger; client?: InternalClient }): ListsApi {
  const client = options.client ?? internalClient(baseUrl, { serviceName: 'offers', timeoutMs: options.timeoutMs, upstreamName: 'lists' });
  return {
    async lookup(ids) {
      // lookup is a read; claim by the same offering and release are idempotent on lists' side:
      // each is sent again once if the connection to a copy of lists fails before the answer.
      const res = await client.post('/internal/products/lookup', { ids }, { idempotent: true });
      if (res.status !== 200) throw listsTrouble('find the products', res.status);
      const parsed = lookupAnswer.safeParse(res.body);
      if (!parsed.success) {
        options.logger?.error({ issues: parsed.error.issues.slice(0, 3) }, 'lists lookup answer is malformed');
        throw listsTrouble('find the products', res.status);
      }
      return parsed.data.data;
    },
    async claim(ids, offeringId, quantities) {
      const res = await client.post('/internal/products/claim', { ids, offeringId, ...(quantities ? { quantities } : {}) }, { idempotent: true });
      if (res.status === 200) return { ok: true };
      if (res.status === 409) {
        const parsed = conflictAnswer.safeParse(res.body);
        const conflicts = parsed.success ? (parsed.data.conflicts ?? []) : [];
        const archived = parsed.success && parsed.data.error?.code === 'list_archived';
        return { ok: false, conflicts: conflicts.length > 0 ? conflicts : ids, ...(archived ? { archived } : {}) };
      }
      throw listsTrouble('flag the products', res.status);
    },
    async release(ids, offeringId) {
      const res = await client.post('/internal/products/release', { ids, offeringId }, { idempotent: true });
      if (res.status !== 200) throw listsTrouble('clear the offered flags', res.status);
    },
    async keepers(listId) {
      if (!/^[0-9a-f]{24}$/i.test(listId)) return null;
      const res = await client.get(`/internal/product-lists/${listId}/keepers`, { idempotent: true });
      if (res.status === 404) return null;
      const parsed = res.status === 200 ? keepersAnswer.safeParse(res.body) : null;
      if (!parsed?.success) throw listsTrouble('say who keeps the list', res.status);
      return parsed.data.data;
    },
  };
}

/** What the auth service tells us about an owner (`GET /internal/users/{id}`). */
export type { Contact, UsersApi } from '@wishlist/service-kit';

/** Owners' addresses and languages, for the mails about their offerings. */
export function usersApi(baseUrl: string, options: { timeoutMs: number; client?: InternalClient }): UsersApi {
  return authUsers(baseUrl, { ...options, serviceName: 'offers', whose: "the owner's address" });
}
