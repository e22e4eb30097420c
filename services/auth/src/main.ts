import { runService } from '@wishlist/service-kit';
import { authConfig } from './config';
import { createAuthService, type AuthService } from './http/app';

let auth: AuthService | undefined;

void runService({
  name: 'auth',
  config: authConfig,
  database: { dbName: 'auth' },
  create: (config) => {
    auth = createAuthService(config);
    return auth;
  },
  onShutdown: () => auth?.stop(),
});
