// Federation runtime plugin: manifest requests bypass the HTTP cache and are aborted after a
// timeout. Without it a remote that accepts the connection but never answers leaves a request in
// flight, and Chromium's cache lock makes the Retry's request for the same URL wait behind it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const MANIFEST_TIMEOUT_MS = 5000;

export function remoteResiliencePlugin(timeoutMs = MANIFEST_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'wishlist-remote-resilience',
    fetch(url: string, init: RequestInit) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      return globalThis
        .fetch(url, { ...init, cache: 'no-store', signal: controller.signal })
        .finally(() => clearTimeout(timer));
    },
  };
}
