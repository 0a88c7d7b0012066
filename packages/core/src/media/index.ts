export * from './auto-fetch';
export * from './engines';
