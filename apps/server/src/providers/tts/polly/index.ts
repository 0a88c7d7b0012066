export * from './polly-provider';
