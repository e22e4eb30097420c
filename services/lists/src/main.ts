import { runService, type StartEmbedded } from '@wishlist/service-kit';
import { listsConfig } from './config';
import { createListsService } from './http/app';
import { closePageReaders } from './pages';

// Without MONGODB_URI (development): the embedded engine, loaded only then, so never in an image.
const startEmbedded: StartEmbedded = (options) => import('@wishlist/embedded-mongo').then((engine) => engine.start(options));

void runService({
  name: 'lists',
  config: listsConfig,
  database: { dbName: 'lists', startEmbedded },
  create: (config) => createListsService(config),
  onShutdown: closePageReaders,
});
