import { startFakePolly } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { createPollyProvider } from '../providers/tts/polly/polly-provider';
import { createTtsProviders, type TtsProviders } from '../providers/tts/registry';
import type { TtsProvider } from '../providers/tts/types';
import { punctuatedWords } from './clip-words';
import { type SpeechDeps, speak, speakPreview } from './service';
import { ttsClips } from './tables';

const SENTENCE = 'Coffee beans are roasted, then ground. Water does the rest!';
const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('punctuatedWords', () => {
  it('gives the aligner’s bare words their punctuation back from the script', () => {
    const item = (content: string, start: number, end: number) => ({
      type: 'pronunciation' as const,
      alternatives: [{ content }] as [{ content: string }],
      start_time: String(start),
      end_time: String(end),
    });
    const words = punctuatedWords([item('Hello', 0, 0.4), item('world', 0.5, 0.91234)], '“Hello,” – world!');
    expect(words).toEqual([
      { text: '“Hello,”', start: 0, end: 0.4 },
      { text: 'world!', start: 0.5, end: 0.912 },
    ]);
  });
});

describe.each(DB_KINDS)('narration clip words on %s (captions, D68)', (kind) => {
  let t: TestApp;
  let tts: TtsProviders;
  let deps: SpeechDeps;
  let closePolly: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const polly = await startFakePolly({ ...CREDENTIALS, region: 'eu-west-1' });
    closePolly = () => polly.close();
    const pollyProvider = createPollyProvider({ ...CREDENTIALS, region: 'eu-west-1', url: polly.url }) as TtsProvider;
    tts = createTtsProviders(t.app.config, { paid: [pollyProvider] });
    deps = { db: t.app.db, files: t.app.files, tts, log: { error: () => {} } };
  });
  afterAll(async () => {
    await tts?.close();
    await closePolly?.();
    await t?.close();
  });

  const rowOf = async (url: string) => {
    const key = url.replace('/media/tts/', '').replace('.mp3', '');
    const [row] = await t.app.db.select().from(ttsClips).where(eq(ttsClips.key, key));
    return row;
  };

  it('aligns an eSpeak clip with its text, answers and stores the words', async () => {
    const { member } = await buildMember(t.app, { plan: 'paid' });
    const clip = await speak(deps, member, { text: SENTENCE, voiceId: 'espeak:en-us+f3', lang: 'en-US' });
    expect(clip.words?.map((w) => w.text)).toEqual(SENTENCE.split(' '));
    const words = clip.words ?? [];
    for (const [i, word] of words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(clip.duration + 0.05);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]?.start ?? 0);
    }
    // The words are spread over the clip, not bunched: the last starts in its second half.
    expect(words.at(-1)?.start).toBeGreaterThan(clip.duration / 2);
    expect((await rowOf(clip.url))?.words).toEqual(words);
  });

  it('aligns a clip stored before captions when it is next asked for, once', async () => {
    const { member } = await buildMember(t.app, { plan: 'paid' });
    const first = await speak(deps, member, { text: 'An older clip.', voiceId: 'espeak:en-us+f3', lang: 'en-US' });
    const key = first.url.replace('/media/tts/', '').replace('.mp3', '');
    await t.app.db.update(ttsClips).set({ words: null }).where(eq(ttsClips.key, key));
    const again = await speak(deps, member, { text: 'An older clip.', voiceId: 'espeak:en-us+f3', lang: 'en-US' });
    expect(again.words?.map((w) => w.text)).toEqual(['An', 'older', 'clip.']);
    expect((await rowOf(again.url))?.words).toEqual(again.words);
  });

  it('keeps the vendor’s word timings when the vendor gives them', async () => {
    const { member } = await buildMember(t.app, { plan: 'paid' });
    const direct = await tts.providers[1]?.synthesize(
      'Polly says hello.',
      (await tts.findVoice('polly:Joanna:neural')) as never,
    );
    const clip = await speak(deps, member, {
      text: 'Polly says hello.',
      voiceId: 'polly:Joanna:neural',
      lang: 'en-US',
    });
    expect(clip.words).toEqual(direct?.words);
    expect((await rowOf(clip.url))?.words).toEqual(direct?.words);
  });

  it('does not time the words of a pronunciation preview', async () => {
    const { member } = await buildMember(t.app, { plan: 'paid' });
    const preview = await speakPreview(deps, member, { text: 'Kafay', voiceId: 'espeak:en-us+f3', lang: 'en-US' });
    expect(preview.words).toBeUndefined();
    expect((await rowOf(preview.url))?.words).toBeNull();
  });
});
