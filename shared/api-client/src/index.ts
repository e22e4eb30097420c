export * from './http';
export * from './endpoints';
export * from './session';
export { TimedCache } from './cache';
