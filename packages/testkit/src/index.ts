export * from '@reelwright/canvas-node';
export * from './database';
export * from './golden';
export * from './identity-provider';
export * from './outbox';
export * from './postgres';
export * from './server-process';
export * from './smtp';
