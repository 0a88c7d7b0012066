import { type FakeTtsVendor, fakeSpeechSeconds, startFakePolly } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, ffprobeSeconds } from '../test-support';
import type { TtsProvider, Voice } from '../types';
import { createPollyProvider, type PollyTtsConfig } from './polly-provider';

const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const REGION = 'eu-west-1';
const TEXT = 'Polly says hello & goodbye.';

let fake: FakeTtsVendor;
let config: PollyTtsConfig;
let provider: TtsProvider;

beforeAll(async () => {
  fake = await startFakePolly({ ...CREDENTIALS, region: REGION, pageSize: 2 });
  config = { ...CREDENTIALS, region: REGION, url: fake.url };
  provider = createPollyProvider(config) as TtsProvider;
});
afterAll(() => fake.close());

const voice = async (id: string): Promise<Voice> => (await provider.voices()).find((v) => v.id === id) as Voice;

describe('Amazon Polly adapter', () => {
  test('is not offered without both keys', () => {
    expect(createPollyProvider({ ...config, accessKeyId: undefined })).toBeNull();
    expect(createPollyProvider({ ...config, secretAccessKey: undefined })).toBeNull();
  });

  test('lists each voice once per engine, through every page', async () => {
    const voices = await provider.voices();
    expect(voices.map((v) => v.id)).toEqual([
      'polly:Joanna:standard',
      'polly:Joanna:neural',
      'polly:Brian:standard',
      'polly:Brian:neural',
      'polly:Hans:standard',
    ]);
    expect(voices[1]).toEqual({
      id: 'polly:Joanna:neural',
      label: 'Joanna Neural (American English, female)',
      name: 'Joanna',
      languageCode: 'en-US',
      languageName: 'English (United States)',
      engine: 'paid_tts',
      provider: 'polly',
      gender: 'female',
    });
    const pages = fake.requests.filter((r) => r.path === '/v1/voices');
    expect(pages.map((r) => r.query.get('NextToken'))).toEqual([null, '2']);
    expect(pages.every((r) => r.status === 200)).toBe(true);
  });

  test('synthesises signed MP3 and word speech marks, and measures the audio', async () => {
    const before = fake.requests.length;
    const result = await provider.synthesize(TEXT, await voice('polly:Joanna:neural'));
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    const audio = sent.find((r) => (r.json as { OutputFormat?: string }).OutputFormat === 'mp3');
    const marks = sent.find((r) => (r.json as { OutputFormat?: string }).OutputFormat === 'json');
    expect(audio?.method).toBe('POST');
    expect(audio?.path).toBe('/v1/speech');
    expect(audio?.json).toEqual({
      Engine: 'neural',
      LanguageCode: 'en-US',
      VoiceId: 'Joanna',
      Text: TEXT,
      TextType: 'text',
      OutputFormat: 'mp3',
      SampleRate: '24000',
    });
    expect(marks?.json).toMatchObject({ OutputFormat: 'json', SpeechMarkTypes: ['word'], VoiceId: 'Joanna' });
    expect(audio?.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\\d{8}/${REGION}/polly/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(audio?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(audio?.status).toBe(200);

    const measured = await ffprobeSeconds(result.mp3);
    expect(result.duration).toBeCloseTo(measured, 3);
    expect(Math.abs(measured - fakeSpeechSeconds(TEXT))).toBeLessThan(0.12);
    expect(result.words?.map((w) => w.text)).toEqual(['Polly', 'says', 'hello', '&', 'goodbye.']);
    expect(result.words?.[1]).toEqual({ text: 'says', start: 0.36, end: 0.66 });
    expect(result.words?.at(-1)?.end).toBe(result.duration);
  });

  test('rate and pitch go through escaped SSML prosody', async () => {
    const before = fake.requests.length;
    const result = await provider.synthesize('Fish <and> chips', await voice('polly:Hans:standard'), {
      rate: 1.5,
      pitch: 12,
    });
    const audio = fake.requests.slice(before).find((r) => (r.json as { OutputFormat?: string }).OutputFormat === 'mp3');
    expect(audio?.json).toMatchObject({
      Engine: 'standard',
      SampleRate: '22050',
      TextType: 'ssml',
      Text: '<speak><prosody rate="150%" pitch="+100%">Fish &lt;and&gt; chips</prosody></speak>',
    });
    expect(result.words?.map((w) => w.text)).toEqual(['Fish', 'and', 'chips']);
  });

  test('without speech marks it makes one request and gives no words', async () => {
    const before = fake.requests.length;
    const plain = createPollyProvider({ ...config, speechMarks: false }) as TtsProvider;
    const result = await plain.synthesize('Just audio.', await voice('polly:Brian:standard'));
    expect(fake.requests.length - before).toBe(1);
    expect(result.words).toBeUndefined();
  });

  test('a wrong secret fails the signature check: auth', async () => {
    const wrong = createPollyProvider({ ...config, secretAccessKey: 'not-the-secret' }) as TtsProvider;
    const error = await failure(wrong.synthesize(TEXT, await voice('polly:Joanna:neural')));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('InvalidSignatureException');
    expect(fake.requests.at(-1)?.status).toBe(403);
  });

  test('a voice without the engine is a bad request carrying Polly’s message', async () => {
    const hans = await voice('polly:Hans:standard');
    const error = await failure(provider.synthesize(TEXT, { ...hans, id: 'polly:Hans:neural' }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('EngineNotSupportedException: This voice does not support the selected engine');
  });

  test('throttling is rate_limited even when AWS sends it as a 400', async () => {
    const quiet = createPollyProvider({ ...config, speechMarks: false }) as TtsProvider;
    fake.failNext(400, 'Rate exceeded', 'ThrottlingException');
    expect((await failure(quiet.synthesize(TEXT, await voice('polly:Joanna:neural')))).kind).toBe('rate_limited');
  });

  test.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [500, 'unavailable'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    const quiet = createPollyProvider({ ...config, speechMarks: false }) as TtsProvider;
    const joanna = await voice('polly:Joanna:neural');
    fake.failNext(status, `polly says ${status}`);
    const error = await failure(quiet.synthesize(TEXT, joanna));
    expect(error).toMatchObject({ provider: 'polly', kind });
    expect(error.message).toContain(`polly says ${status}`);
  });
});
