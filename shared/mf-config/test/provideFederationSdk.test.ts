import * as errorCodes from '@module-federation/error-codes';
import * as sdk from '@module-federation/sdk';
import { ERROR_CODES_GLOBAL, SDK_GLOBAL } from '../runtime/globals';
import provideFederationSdk from '../runtime/provideFederationSdk';

type Globals = Record<string, unknown>;

describe('provideFederationSdk (the shell hands its federation SDK to the remotes)', () => {
  afterEach(() => {
    delete (globalThis as Globals)[SDK_GLOBAL];
    delete (globalThis as Globals)[ERROR_CODES_GLOBAL];
  });

  it('puts the SDK and the error codes where the remotes’ builds read them, before the runtime starts', () => {
    const plugin = provideFederationSdk();
    const args = { options: { name: 'shell' } };
    expect(plugin.beforeInit?.(args as never)).toBe(args);
    const g = globalThis as Globals;
    // The same modules (what a remote's bundler runtime calls on them).
    expect((g[SDK_GLOBAL] as typeof sdk).createLogger).toBe(sdk.createLogger);
    expect((g[SDK_GLOBAL] as typeof sdk).loadScript).toBe(sdk.loadScript);
    expect((g[ERROR_CODES_GLOBAL] as typeof errorCodes).getShortErrorMsg).toBe(errorCodes.getShortErrorMsg);
  });

  it('keeps a copy already there (a second host runtime on the page does not replace it)', () => {
    const first = { first: true };
    (globalThis as Globals)[SDK_GLOBAL] = first;
    provideFederationSdk().beforeInit?.({ options: { name: 'other' } } as never);
    expect((globalThis as Globals)[SDK_GLOBAL]).toBe(first);
  });
});
