export * from './api';
export * from './export-size';
export * from './plan-rules';
