export * from './api';
export * from './cues';
export * from './formats';
export * from './movie-words';
export * from './schema';
