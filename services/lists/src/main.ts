import { runService } from '@wishlist/service-kit';
import { listsConfig } from './config';
import { createListsService } from './http/app';

void runService({
  name: 'lists',
  config: listsConfig,
  database: { dbName: 'lists' },
  create: (config) => createListsService(config),
});
