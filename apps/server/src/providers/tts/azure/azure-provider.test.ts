import { type FakeTtsVendor, fakeSpeechSeconds, startFakeAzureSpeech } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, ffprobeSeconds } from '../test-support';
import type { TtsProvider, Voice } from '../types';
import { AZURE_OUTPUT_FORMAT, azureSsml, createAzureProvider } from './azure-provider';

const KEY = 'azure-key-456';
const TEXT = 'Tom & Jerry say "hi" <loudly>.';

let fake: FakeTtsVendor;
let provider: TtsProvider;

beforeAll(async () => {
  fake = await startFakeAzureSpeech({ key: KEY });
  provider = createAzureProvider({ key: KEY, region: 'westeurope', url: fake.url }) as TtsProvider;
});
afterAll(() => fake.close());

const ava = async (): Promise<Voice> =>
  (await provider.voices()).find((v) => v.id === 'azure:en-US-AvaNeural') as Voice;

describe('Azure Speech adapter', () => {
  test('is not offered without a key, or without a region or URL', () => {
    expect(createAzureProvider({ key: undefined, region: 'westeurope', url: undefined })).toBeNull();
    expect(createAzureProvider({ key: KEY, region: undefined, url: undefined })).toBeNull();
    expect(createAzureProvider({ key: KEY, region: 'westeurope', url: undefined })).not.toBeNull();
  });

  test('lists the voices by ShortName', async () => {
    const voices = await provider.voices();
    expect(voices.map((v) => v.id)).toEqual([
      'azure:en-US-AvaNeural',
      'azure:en-GB-RyanNeural',
      'azure:fr-FR-DeniseNeural',
    ]);
    expect(voices[2]).toEqual({
      id: 'azure:fr-FR-DeniseNeural',
      label: 'Denise (French (France), female)',
      name: 'fr-FR-DeniseNeural',
      languageCode: 'fr-FR',
      languageName: 'French (France)',
      engine: 'paid_tts',
      provider: 'azure',
      gender: 'female',
    });
    const listing = fake.requests.find((r) => r.path === '/cognitiveservices/voices/list');
    expect(listing?.method).toBe('GET');
    expect(listing?.headers['ocp-apim-subscription-key']).toBe(KEY);
  });

  test('synthesises escaped SSML with prosody and measures the MP3', async () => {
    const result = await provider.synthesize(TEXT, await ava(), { rate: 1.2, pitch: -3 });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/cognitiveservices/v1');
    expect(request?.headers).toMatchObject({
      'ocp-apim-subscription-key': KEY,
      'content-type': 'application/ssml+xml',
      'x-microsoft-outputformat': AZURE_OUTPUT_FORMAT,
    });
    expect(request?.headers['user-agent']).toBeTruthy();
    expect(request?.body.toString()).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">' +
        '<voice name="en-US-AvaNeural"><prosody rate="+20%" pitch="-3st">' +
        'Tom &amp; Jerry say &quot;hi&quot; &lt;loudly&gt;.</prosody></voice></speak>',
    );
    const measured = await ffprobeSeconds(result.mp3);
    expect(result.duration).toBeCloseTo(measured, 3);
    expect(Math.abs(measured - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
  });

  test('plain SSML without prosody at the normal rate and pitch; XML-forbidden characters dropped', () => {
    expect(azureSsml('a\u0001b', 'en-US-AvaNeural', 'en-US', {})).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">' +
        '<voice name="en-US-AvaNeural">ab</voice></speak>',
    );
  });

  test('a wrong key is an auth failure carrying Azure’s message', async () => {
    const wrong = createAzureProvider({ key: 'nope', region: undefined, url: fake.url }) as TtsProvider;
    const error = await failure(wrong.synthesize(TEXT, await ava()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Access denied due to invalid subscription key');
  });

  test('an unknown voice is a bad request', async () => {
    const error = await failure(provider.synthesize(TEXT, { ...(await ava()), name: 'en-US-NobodyNeural' }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('Unsupported voice en-US-NobodyNeural');
  });

  test.each([
    [401, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [500, 'unavailable'],
    [502, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const voice = await ava();
    fake.failNext(status, `azure says ${status}`);
    const error = await failure(provider.synthesize(TEXT, voice));
    expect(error).toMatchObject({ provider: 'azure', kind });
    expect(error.message).toContain(`azure says ${status}`);
  });
});
