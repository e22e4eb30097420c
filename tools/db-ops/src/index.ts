export * from './apply';
export * from './backupFile';
export * from './checksum';
export * from './dump';
export * from './errors';
export * from './locate';
export * from './commands';
