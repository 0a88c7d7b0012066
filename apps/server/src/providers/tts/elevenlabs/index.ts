export * from './elevenlabs-provider';
