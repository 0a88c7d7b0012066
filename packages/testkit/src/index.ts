export * from './database';
export * from './postgres';
