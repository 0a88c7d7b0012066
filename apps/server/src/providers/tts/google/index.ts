export * from './google-provider';
