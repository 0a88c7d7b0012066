export * from './push';
