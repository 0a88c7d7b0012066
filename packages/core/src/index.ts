export * from './account/schemas';
export * from './canonical-json';
export * from './limits';
export * from './messages';
export * from './project/api';
export * from './project/model';
export * from './video';
