export * from './api';
export * from './pronunciations';
export * from './spoken-text';
