export * from './azure-provider';
