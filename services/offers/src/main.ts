import { runService } from '@wishlist/service-kit';
import { offersConfig } from './config';
import { createOffersService, type OffersService } from './http/app';

let offers: OffersService | undefined;

void runService({
  name: 'offers',
  config: offersConfig,
  database: { dbName: 'offers' },
  create: (config) => {
    offers = createOffersService(config);
    offers.start(); // rolls back what a crash left half made, then every OFFERING_SWEEP_SECONDS
    return offers;
  },
  onShutdown: () => offers?.stop(),
});
