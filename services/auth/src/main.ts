import { runService, type StartEmbedded } from '@wishlist/service-kit';
import { authConfig } from './config';
import { createAuthService, type AuthService } from './http/app';

// Without MONGODB_URI (development): the embedded engine, loaded only then, so never in an image.
const startEmbedded: StartEmbedded = (options) => import('@wishlist/embedded-mongo').then((engine) => engine.start(options));

let auth: AuthService | undefined;

void runService({
  name: 'auth',
  config: authConfig,
  database: { dbName: 'auth', startEmbedded },
  create: (config) => {
    auth = createAuthService(config);
    return auth;
  },
  onShutdown: () => auth?.stop(),
});
