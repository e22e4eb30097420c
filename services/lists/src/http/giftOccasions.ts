import { requireService, validateShape } from '@wishlist/service-kit';
import type { Router } from 'express';
import { z } from 'zod';
import { findLists } from '../data/lists';
import { isObjectId } from '../domain/present';

/** What the offers service needs of a list to remind a giver of the occasion: its name and date. */
export interface ListOccasion {
  id: string;
  name: string;
  eventDate: string | null;
}

const occasionsBody = z.object({ ids: z.array(z.string().max(64)).max(500) });

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
    const data: ListOccasion[] = lists.map((l) => ({ id: String(l._id), name: l.name, eventDate: l.eventDate ?? null }));
    res.json({ data });
  });
}
