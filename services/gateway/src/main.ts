import { runService } from '@wishlist/service-kit';
import { createGateway } from './app';
import { gatewayConfig } from './config';

void runService({
  name: 'gateway',
  config: gatewayConfig,
  create: (config) => createGateway(config),
});
