export * from './endpoint';
export * from './endpoints';
