import { type FakeTtsVendor, fakeSpeechSeconds, startFakeOpenAiSpeech } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, ffprobeSeconds } from '../test-support';
import type { TtsProvider, Voice } from '../types';
import { createOpenAiProvider, OPENAI_VOICES } from './openai-provider';

const KEY = 'sk-test-789';
const TEXT = 'OpenAI speaks this sentence.';

let fake: FakeTtsVendor;
let provider: TtsProvider;

beforeAll(async () => {
  fake = await startFakeOpenAiSpeech({ apiKey: KEY });
  provider = createOpenAiProvider({ apiKey: KEY, url: fake.url, model: 'gpt-4o-mini-tts' }) as TtsProvider;
});
afterAll(() => fake.close());

const voice = async (name: string): Promise<Voice> => (await provider.voices()).find((v) => v.name === name) as Voice;

describe('OpenAI speech adapter', () => {
  test('is not offered without an API key', () => {
    expect(createOpenAiProvider({ apiKey: undefined, url: fake.url, model: 'tts-1' })).toBeNull();
  });

  test('offers the built-in voices as multilingual, fewer for tts-1', async () => {
    const voices = await provider.voices();
    expect(voices.map((v) => v.name)).toEqual([...OPENAI_VOICES]);
    expect(voices[0]).toEqual({
      id: 'openai:alloy',
      label: 'Alloy (OpenAI, multilingual)',
      name: 'alloy',
      languageCode: 'mul',
      languageName: 'Multilingual',
      engine: 'paid_tts',
      provider: 'openai',
    });
    const legacy = createOpenAiProvider({ apiKey: KEY, url: fake.url, model: 'tts-1' }) as TtsProvider;
    const legacyNames = (await legacy.voices()).map((v) => v.name);
    expect(legacyNames).not.toContain('ballad');
    expect(legacyNames).not.toContain('verse');
    expect(legacyNames).toHaveLength(9);
    expect(fake.requests).toHaveLength(0);
  });

  test('synthesises MP3 as documented and measures it', async () => {
    const result = await provider.synthesize(TEXT, await voice('coral'), { rate: 1.5, pitch: 3 });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/audio/speech');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.json).toEqual({
      model: 'gpt-4o-mini-tts',
      input: TEXT,
      voice: 'coral',
      response_format: 'mp3',
      speed: 1.5,
    });
    const measured = await ffprobeSeconds(result.mp3);
    expect(result.duration).toBeCloseTo(measured, 3);
    expect(Math.abs(measured - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
  });

  test('a wrong key is an auth failure', async () => {
    const wrong = createOpenAiProvider({ apiKey: 'sk-wrong-key', url: fake.url, model: 'tts-1' }) as TtsProvider;
    const error = await failure(wrong.synthesize(TEXT, await voice('alloy')));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Incorrect API key provided');
  });

  test('a voice the model lacks is a bad request carrying OpenAI’s message', async () => {
    const legacy = createOpenAiProvider({ apiKey: KEY, url: fake.url, model: 'tts-1' }) as TtsProvider;
    const error = await failure(legacy.synthesize(TEXT, await voice('ballad')));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain("Invalid value: 'ballad'");
    expect(fake.requests.at(-1)?.status).toBe(400);
  });

  test('insufficient_quota is quota', async () => {
    fake.failNext(429, 'You exceeded your current quota', 'insufficient_quota');
    expect((await failure(provider.synthesize(TEXT, await voice('nova')))).kind).toBe('quota');
  });

  test.each([
    [401, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [500, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const nova = await voice('nova');
    fake.failNext(status, `openai says ${status}`);
    const error = await failure(provider.synthesize(TEXT, nova));
    expect(error).toMatchObject({ provider: 'openai', kind });
    expect(error.message).toContain(`openai says ${status}`);
  });
});
