export * from './endpoints';
export * from './openapi';
export * from './problem';
export * from './schemas';
