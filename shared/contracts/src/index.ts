export * from './entities';
export * from './payloads';
export * from './validation';
export * from './format';
export * from './images';
export * from './productFacts';
export * from './productUrl';
export * from './shareTarget';
