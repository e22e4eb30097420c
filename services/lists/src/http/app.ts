import { createService, requireIdentity, requireService, validateShape, type Logger, type Service } from '@wishlist/service-kit';
import { z } from 'zod';
import type { ListsConfig } from '../config';
import { eraseUser } from '../domain/erasure';
import { listsOf } from '../domain/productLists';

/** User ids come from the auth service (ObjectId hex); anything else is a malformed call. */
const userIdParams = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a user id') });

/** The lists service (ARCHITECTURE §4). This issue: the default list and account erasure. */
export function createListsService(config: ListsConfig, deps: { logger?: Logger } = {}): Service {
  return createService({
    name: 'lists',
    config,
    logger: deps.logger,
    routes(router) {
      router.get('/api/product-lists', requireIdentity(), async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await listsOf(req.identity!) });
      });

      router.post('/internal/users/:userId/erase', requireService(['auth']), validateShape({ params: userIdParams }), async (req, res) => {
        const deleted = await eraseUser((req.params as { userId: string }).userId);
        res.json({ data: { erased: true, deleted } });
      });
    },
  });
}
