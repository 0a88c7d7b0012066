export * from './api';
export * from './pronunciations';
export * from './spoken-text';
export * from './transcription';
