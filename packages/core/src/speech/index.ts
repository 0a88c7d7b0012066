export * from './api';
export * from './pronunciations';
