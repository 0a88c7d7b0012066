export * from './api';
export * from './auto-fetch';
export * from './engines';
export * from './licenses';
export * from './video-site';
