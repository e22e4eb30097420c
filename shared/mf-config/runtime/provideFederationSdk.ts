// Runtime plugin of the shell (the host): hands the federation SDK and its error codes to the
// remotes, whose builds take them from the page instead of carrying a copy each (~5 kB
// gzip off every remote entry). Same arrangement as `experiments.externalRuntime`, which takes the
// runtime core from the host: a remote runs inside the shell. The globals are set before the first
// remote entry is evaluated (beforeInit runs when the host's runtime starts).
import * as errorCodes from '@module-federation/error-codes';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as sdk from '@module-federation/sdk';
import { ERROR_CODES_GLOBAL, SDK_GLOBAL } from './globals';

type Globals = Record<typeof SDK_GLOBAL | typeof ERROR_CODES_GLOBAL, unknown>;

export default function provideFederationSdk(): ModuleFederationRuntimePlugin {
  return {
    name: 'wishlist-provide-federation-sdk',
    beforeInit(args) {
      const g = globalThis as unknown as Globals;
      g[SDK_GLOBAL] ??= sdk;
      g[ERROR_CODES_GLOBAL] ??= errorCodes;
      return args;
    },
  };
}
