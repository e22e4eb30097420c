import { runService, type StartEmbedded } from '@wishlist/service-kit';
import { listsConfig } from './config';
import { createListsService, type ListsService } from './http/app';
import { closePageReaders } from './pages';

// Without MONGODB_URI (development): the embedded engine, loaded only then, so never in an image.
const startEmbedded: StartEmbedded = (options) => import('@wishlist/embedded-mongo').then((engine) => engine.start(options));

let lists: ListsService | undefined;

void runService({
  name: 'lists',
  config: listsConfig,
  database: { dbName: 'lists', startEmbedded },
  create: (config) => {
    lists = createListsService(config);
    lists.start(); // occasion reminders now, then every REMINDER_SWEEP_SECONDS
    return lists;
  },
  onShutdown: async () => {
    await lists?.stop();
    await closePageReaders();
  },
});
