export * from './cues';
export * from './formats';
