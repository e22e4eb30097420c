import { requireService, validateShape } from '@wishlist/service-kit';
import type { Router } from 'express';
import { z } from 'zod';
import { findLists, listsWithOccasionBetween } from '../data/lists';
import { isObjectId } from '../domain/present';

/** What the offers service needs of a list to remind a giver of the occasion: its name and date. */
export interface ListOccasion {
  id: string;
  name: string;
  eventDate: string | null;
}

const occasionOf = (l: { _id: unknown; name: string; eventDate?: string | null }): ListOccasion => ({ id: String(l._id), name: l.name, eventDate: l.eventDate ?? null });

const occasionsBody = z.object({ ids: z.array(z.string().max(64)).max(500) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD');
const DAY_MS = 86_400_000;
/** Lists per page of upcoming occasions. */
export const UPCOMING_PAGE = 500;
const upcomingBody = z
  .object({ from: day, to: day, after: z.string().refine(isObjectId, 'a list id').optional() })
  .refine((b) => b.from <= b.to && Date.parse(b.to) - Date.parse(b.from) <= 366 * DAY_MS, { message: 'from must be a day before to, at most 366 days apart', path: ['to'] });

/**
 * `POST /internal/lists/occasions` (offers only): the name and `eventDate` of each list named
 * (unknown or malformed ids are simply missing). The offers service reads them for its givers'
 * "My gifts" page and the reminder it mails a giver before the occasion: the date is read when
 * needed, so an owner who moves it moves the reminder too.
 */
export function giftOccasionRoutes(router: Router): void {
  router.post('/internal/lists/occasions', requireService(['offers']), validateShape({ body: occasionsBody }), async (req, res) => {
    const ids = [...new Set((req.body as { ids: string[] }).ids.filter(isObjectId))];
    const lists = await findLists(ids);
    res.json({ data: lists.map(occasionOf) });
  });

  /**
   * `POST /internal/lists/occasions/upcoming` (offers only): the lists whose `eventDate` lies
   * between `from` and `to` (days, both included), UPCOMING_PAGE at a time in id order after
   * `after`; `next` is the id to ask after for more, or null. The offers service reads it to find
   * the gifts whose reminder may be due: what it looks at grows with the occasions coming, not
   * with every open offer.
   */
  router.post('/internal/lists/occasions/upcoming', requireService(['offers']), validateShape({ body: upcomingBody }), async (req, res) => {
    const { from, to, after } = req.body as z.output<typeof upcomingBody>;
    const lists = await listsWithOccasionBetween(from, to, after ?? null, UPCOMING_PAGE + 1);
    const data = lists.slice(0, UPCOMING_PAGE).map(occasionOf);
    res.json({ data, next: lists.length > UPCOMING_PAGE ? data[data.length - 1].id : null });
  });
}
