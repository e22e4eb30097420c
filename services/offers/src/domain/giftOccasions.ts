import { internalClient, type InternalClient, type Logger } from '@wishlist/service-kit';
import { z } from 'zod';

/** A list's name and occasion date, as lists tells them (`POST /internal/lists/occasions`). */
const occasionSchema = z.object({ id: z.string(), name: z.string().catch(''), eventDate: z.string().nullable().catch(null) });
export type ListOccasion = z.output<typeof occasionSchema>;
const answer = z.object({ data: z.array(occasionSchema) });
const upcomingAnswer = z.object({ data: z.array(occasionSchema), next: z.string().nullable() });

export interface OccasionsApi {
  /** The lists' occasions; lists that cannot be read (unknown, lists unreachable) are missing. */
  occasions(listIds: string[]): Promise<Map<string, ListOccasion>>;
  /**
   * One page of the lists whose occasion lies between two days (`YYYY-MM-DD`, both included),
   * after the list `after` (`POST /internal/lists/occasions/upcoming`); `next` asks for the next
   * page, null at the end. Throws when lists cannot answer.
   */
  upcoming(from: string, to: string, after: string | null): Promise<{ lists: ListOccasion[]; next: string | null }>;
}

export function occasionsApi(baseUrl: string, options: { timeoutMs: number; logger?: Logger; client?: InternalClient }): OccasionsApi {
  const client = options.client ?? internalClient(baseUrl, { serviceName: 'offers', timeoutMs: options.timeoutMs, upstreamName: 'lists' });
  return {
    async occasions(listIds) {
      const ids = [...new Set(listIds.filter(Boolean))];
      if (ids.length === 0) return new Map();
      const found = new Map<string, ListOccasion>();
      // Several calls of at most 500 ids (lists' limit); a read, so sent again on another copy once.
      for (let i = 0; i < ids.length; i += 500) {
        const res = await client.post('/internal/lists/occasions', { ids: ids.slice(i, i + 500) }, { idempotent: true });
        const parsed = answer.safeParse(res.body);
        if (res.status !== 200 || !parsed.success) {
          options.logger?.warn({ status: res.status }, 'list occasions not readable');
          throw new Error(`lists answered ${res.status} for the occasions`);
        }
        for (const o of parsed.data.data) found.set(o.id, o);
      }
      return found;
    },

    async upcoming(from, to, after) {
      const res = await client.post('/internal/lists/occasions/upcoming', { from, to, ...(after ? { after } : {}) }, { idempotent: true });
      const parsed = upcomingAnswer.safeParse(res.body);
      if (res.status !== 200 || !parsed.success) {
        options.logger?.warn({ status: res.status }, 'upcoming list occasions not readable');
        throw new Error(`lists answered ${res.status} for the upcoming occasions`);
      }
      return { lists: parsed.data.data, next: parsed.data.next };
    },
  };
}
