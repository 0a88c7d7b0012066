export * from './chapters';
export * from './optimize';
export * from './tags';
