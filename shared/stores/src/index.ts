declare global {
  interface Window {
    __WISHLIST_SINGLETONS__?: { stores?: number; i18n?: number };
  }
}

// Counts module evaluations: an end-to-end test proves shell and remotes share ONE instance.
if (typeof window !== 'undefined') {
  const counters = (window.__WISHLIST_SINGLETONS__ ??= {});
  counters.stores = (counters.stores ?? 0) + 1;
}

export * from './session';
export * from './preferences';
export * from './notifications';
export * from './reachability';
export { readJson, writeJson } from './storage';
export * from './basket';
export * from './view';
