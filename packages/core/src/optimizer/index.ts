export * from './api';
export * from './chapters';
export * from './optimize';
export * from './sections';
export * from './tags';
