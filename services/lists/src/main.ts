import { runService } from '@wishlist/service-kit';
import { listsConfig } from './config';
import { createListsService } from './http/app';
import { closePageReaders } from './pages';

void runService({
  name: 'lists',
  config: listsConfig,
  database: { dbName: 'lists' },
  create: (config) => createListsService(config),
  onShutdown: closePageReaders,
});
