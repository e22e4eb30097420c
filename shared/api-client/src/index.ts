export * from './http';
export * from './endpoints';
export * from './withdrawals';
export * from './signInRequests';
export * from './session';
export * from './accountDevices';
export { TimedCache } from './cache';
export * from './listFiles';
export { getPageMetadata, clearPageMetadataCache, PAGE_METADATA_TIMEOUT_MS, type PageMetadata } from './pageMetadata';
