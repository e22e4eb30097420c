export * from './http';
export * from './endpoints';
export { TimedCache } from './cache';
