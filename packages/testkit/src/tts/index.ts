export * from './azure';
export * from './elevenlabs';
export {
  FAKE_SECONDS_PER_CHARACTER,
  type FakeTtsVendor,
  fakeSpeechMp3,
  fakeSpeechSeconds,
  type RecordedTtsRequest,
} from './fake-vendor';
export * from './google';
export * from './openai';
export * from './polly';
