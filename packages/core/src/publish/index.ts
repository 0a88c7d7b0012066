export * from './api';
export * from './plan-rules';
