import { type FakeTtsVendor, fakeSpeechSeconds, startFakeElevenLabs } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, ffprobeSeconds } from '../test-support';
import type { TtsProvider, Voice } from '../types';
import { createElevenLabsProvider, type ElevenLabsTtsConfig, wordsOfAlignment } from './elevenlabs-provider';

const KEY = 'xi-key-abc';
const TEXT = 'Eleven voices, one line.';

let fake: FakeTtsVendor;
let config: ElevenLabsTtsConfig;
let provider: TtsProvider;

beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: KEY });
  config = { apiKey: KEY, url: fake.url, model: 'eleven_multilingual_v2' };
  provider = createElevenLabsProvider(config) as TtsProvider;
});
afterAll(() => fake.close());

const rachel = async (): Promise<Voice> =>
  (await provider.voices()).find((v) => v.id === 'elevenlabs:21m00Tcm4TlvDq8ikWAM') as Voice;

describe('ElevenLabs adapter', () => {
  test('is not offered without an API key', () => {
    expect(createElevenLabsProvider({ ...config, apiKey: undefined })).toBeNull();
  });

  test('lists the voices, multilingual with a multilingual model', async () => {
    const voices = await provider.voices();
    expect(voices).toEqual([
      {
        id: 'elevenlabs:21m00Tcm4TlvDq8ikWAM',
        label: 'Rachel (Multilingual, female)',
        name: 'Rachel',
        languageCode: 'mul',
        languageName: 'Multilingual',
        engine: 'paid_tts',
        provider: 'elevenlabs',
        gender: 'female',
      },
      expect.objectContaining({ id: 'elevenlabs:pNInz6obpgDQGcFmaJgB', name: 'Adam', gender: 'male' }),
    ]);
    expect(fake.requests.find((r) => r.path === '/v1/voices')?.headers['xi-api-key']).toBe(KEY);
    const english = createElevenLabsProvider({ ...config, model: 'eleven_flash_v2' }) as TtsProvider;
    expect((await english.voices())[0]?.languageCode).toBe('en');
  });

  test('synthesises with timestamps: MP3 measured, characters grouped into words', async () => {
    const result = await provider.synthesize(TEXT, await rachel(), { rate: 1.1 });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/with-timestamps');
    expect(request?.query.get('output_format')).toBe('mp3_44100_128');
    expect(request?.headers['xi-api-key']).toBe(KEY);
    expect(request?.json).toEqual({ text: TEXT, model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1.1 } });
    const measured = await ffprobeSeconds(result.mp3);
    expect(result.duration).toBeCloseTo(measured, 3);
    expect(Math.abs(measured - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
    expect(result.words).toEqual([
      { text: 'Eleven', start: 0, end: 0.36 },
      { text: 'voices,', start: 0.42, end: 0.84 },
      { text: 'one', start: 0.9, end: 1.08 },
      { text: 'line.', start: 1.14, end: 1.44 },
    ]);
  });

  test('without timestamps it asks for audio/mpeg and gives no words', async () => {
    const plain = createElevenLabsProvider({ ...config, timestamps: false }) as TtsProvider;
    const result = await plain.synthesize(TEXT, await rachel());
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM');
    expect(request?.headers.accept).toBe('audio/mpeg');
    expect(request?.json).toEqual({ text: TEXT, model_id: 'eleven_multilingual_v2' });
    expect(result.words).toBeUndefined();
    expect(Math.abs(result.duration - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
  });

  test('words skip runs of spaces', () => {
    const alignment = {
      characters: [...'a  bc'],
      character_start_times_seconds: [0, 0.1, 0.2, 0.3, 0.4],
      character_end_times_seconds: [0.1, 0.2, 0.3, 0.4, 0.5],
    };
    expect(wordsOfAlignment(alignment)).toEqual([
      { text: 'a', start: 0, end: 0.1 },
      { text: 'bc', start: 0.3, end: 0.5 },
    ]);
  });

  test('a wrong key is auth; running out of characters (401 quota_exceeded) is quota', async () => {
    const wrong = createElevenLabsProvider({ ...config, apiKey: 'nope' }) as TtsProvider;
    const error = await failure(wrong.synthesize(TEXT, await rachel()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Invalid API key');
    fake.failNext(401, 'This request exceeds your quota of 10000.', 'quota_exceeded');
    expect((await failure(provider.synthesize(TEXT, await rachel()))).kind).toBe('quota');
  });

  test('an unknown voice or model is a bad request carrying ElevenLabs’ message', async () => {
    const error = await failure(provider.synthesize(TEXT, { ...(await rachel()), id: 'elevenlabs:unknown-voice' }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('A voice with the voice_id unknown-voice was not found.');
    const wrongModel = createElevenLabsProvider({ ...config, model: 'eleven_nonexistent' }) as TtsProvider;
    expect((await failure(wrongModel.synthesize(TEXT, await rachel()))).message).toContain('does not exist');
  });

  test.each([
    [401, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [422, 'bad_request'],
    [500, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const voice = await rachel();
    fake.failNext(status, `elevenlabs says ${status}`);
    const error = await failure(provider.synthesize(TEXT, voice));
    expect(error).toMatchObject({ provider: 'elevenlabs', kind });
    expect(error.message).toContain(`elevenlabs says ${status}`);
  });
});
