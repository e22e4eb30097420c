import { runService, type StartEmbedded } from '@wishlist/service-kit';
import { offersConfig } from './config';
import { createOffersService, type OffersService } from './http/app';

// Without MONGODB_URI (development): the embedded engine, loaded only then, so never in an image.
const startEmbedded: StartEmbedded = (options) => import('@wishlist/embedded-mongo').then((engine) => engine.start(options));

let offers: OffersService | undefined;

void runService({
  name: 'offers',
  config: offersConfig,
  database: { dbName: 'offers', startEmbedded },
  create: (config) => {
    offers = createOffersService(config);
    offers.start(); // rolls back what a crash left half made, then every OFFERING_SWEEP_SECONDS
    return offers;
  },
  onShutdown: () => offers?.stop(),
});
