import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeTtsVendor, fakeSpeechSeconds, startFakeGoogleTts } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, ffprobeSeconds } from '../test-support';
import type { TtsProvider, Voice } from '../types';
import { createGoogleProvider } from './google-provider';

const KEY = 'google-key-123';
const TEXT = 'Hello from the Google fake.';

let fake: FakeTtsVendor;
let provider: TtsProvider;

beforeAll(async () => {
  fake = await startFakeGoogleTts({ apiKey: KEY });
  provider = createGoogleProvider({ apiKey: KEY, url: fake.url }) as TtsProvider;
});
afterAll(() => fake.close());

const wavenet = async (): Promise<Voice> => (await provider.voices()).find((v) => v.id === 'en-US-Wavenet-C') as Voice;

describe('Google Cloud Text-to-Speech adapter', () => {
  test('is not offered without an API key', () => {
    expect(createGoogleProvider({ apiKey: undefined, url: fake.url })).toBeNull();
  });

  test('lists the voices under their Google names', async () => {
    const voices = await provider.voices();
    expect(voices).toContainEqual({
      id: 'en-US-Wavenet-C',
      label: 'Wavenet C (American English, female)',
      name: 'en-US-Wavenet-C',
      languageCode: 'en-US',
      languageName: 'English (United States)',
      engine: 'paid_tts',
      provider: 'google',
      gender: 'female',
    });
    expect(voices.map((v) => v.id)).toEqual(['en-US-Wavenet-C', 'en-GB-Neural2-B', 'de-DE-Standard-A']);
    const listing = fake.requests.find((r) => r.path === '/v1/voices');
    expect(listing?.headers['x-goog-api-key']).toBe(KEY);
  });

  test('synthesises MP3 as documented and measures it', async () => {
    const voice = await wavenet();
    const result = await provider.synthesize(TEXT, voice, { rate: 1.25, pitch: -2 });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/text:synthesize');
    expect(request?.headers['x-goog-api-key']).toBe(KEY);
    expect(request?.json).toEqual({
      input: { text: TEXT },
      voice: { languageCode: 'en-US', name: 'en-US-Wavenet-C' },
      audioConfig: { audioEncoding: 'MP3', speakingRate: 1.25, pitch: -2 },
    });
    const measured = await ffprobeSeconds(result.mp3);
    expect(result.duration).toBeCloseTo(measured, 3);
    expect(Math.abs(measured - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
  });

  test('a wrong key (400 API_KEY_INVALID) is an auth failure', async () => {
    const wrong = createGoogleProvider({ apiKey: 'nope', url: fake.url }) as TtsProvider;
    const error = await failure(wrong.synthesize(TEXT, await wavenet()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('API key not valid');
  });

  test('a request Google refuses is a bad request carrying its message', async () => {
    const error = await failure(provider.synthesize(TEXT, { ...(await wavenet()), name: 'en-US-Nobody-Z' }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain("Voice 'en-US-Nobody-Z' does not exist");
  });

  test.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const voice = await wavenet();
    fake.failNext(status, `google says ${status}`);
    const error = await failure(provider.synthesize(TEXT, voice));
    expect(error).toMatchObject({ provider: 'google', kind });
    expect(error.message).toContain(`google says ${status}`);
  });

  test('a failed voice listing is retried on the next call', async () => {
    const fresh = createGoogleProvider({ apiKey: KEY, url: fake.url }) as TtsProvider;
    fake.failNext(503, 'try later');
    expect((await failure(fresh.voices())).kind).toBe('unavailable');
    expect(await fresh.voices()).toHaveLength(3);
  });

  test('a vendor that does not answer in time is timeout; one that cannot be reached, unavailable', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createGoogleProvider(
        { apiKey: KEY, url: `http://127.0.0.1:${port}` },
        { voicesMs: 200, synthesizeMs: 200 },
      ) as TtsProvider;
      const error = await failure(slow.voices());
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('did not answer within 0.2 s');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    const closed = createGoogleProvider({ apiKey: KEY, url: `http://127.0.0.1:${port}` }) as TtsProvider;
    expect((await failure(closed.voices())).kind).toBe('unavailable');
  });
});
