import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../ffmpeg/probe';
import { ProviderError } from '../../http/provider-error';
import type { Voice } from '../types';
import { createEspeakProvider, espeakProsody } from './provider';
import { bcp47Of, espeakVoices, languageNameOf, parseVoiceTable } from './voices';

const TABLE = [
  'Pty Language       Age/Gender VoiceName          File                 Other Languages',
  ' 5  en-us           --/M      English_(America)  gmw/en-US            (en 3)',
  ' 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)',
  ' 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)(zh 8)',
  ' 5  piqd            --/F      Klingon            art/piqd             ',
];

describe('eSpeak voice table', () => {
  it('reads the rows, names duplicate languages by their file, and names languages in English', () => {
    const languages = parseVoiceTable(TABLE);
    expect(languages.map((l) => l.language)).toEqual(['en-us', 'yue', 'yue', 'piqd']);
    const voices = espeakVoices(languages, [
      { key: '', label: 'male', gender: 'male' },
      { key: 'f3', label: 'female', gender: 'female' },
    ]);
    expect(voices.map((v) => v.id)).toEqual([
      'espeak:en-us',
      'espeak:en-us+f3',
      'espeak:yue',
      'espeak:yue+f3',
      'espeak:yue-latn-jyutping',
      'espeak:yue-latn-jyutping+f3',
      'espeak:piqd',
      'espeak:piqd+f3',
    ]);
    expect(voices[1]).toMatchObject({
      label: 'English (America), female',
      name: 'en-us+f3',
      languageCode: 'en-US',
      languageName: 'English (United States)',
      engine: 'free_tts',
      provider: 'espeak',
      gender: 'female',
      espeakVoice: 'gmw/en-US+f3',
    });
    // Intl does not know Klingon's code: eSpeak's own name stands in.
    expect(voices[6]?.languageName).toBe('Klingon');
  });

  it('keeps codes Intl cannot read', () => {
    expect(bcp47Of('en-gb-x-rp')).toBe('en-GB-x-rp');
    expect(bcp47Of('not a code')).toBe('not a code');
    expect(languageNameOf('es-419', 'x')).toBe('Spanish (Latin America)');
  });

  it('maps rate and pitch to eSpeak words a minute and pitch, within its ranges', () => {
    expect(espeakProsody()).toEqual({ wpm: 175, pitch: 50 });
    expect(espeakProsody({ rate: 2, pitch: 12 })).toEqual({ wpm: 350, pitch: 98 });
    expect(espeakProsody({ rate: 0.1, pitch: -40 })).toEqual({ wpm: 80, pitch: 0 });
  });
});

describe('eSpeak NG provider (WASM)', () => {
  const provider = createEspeakProvider({ processes: 2 });
  afterAll(() => provider.close());

  const voice = async (id: string): Promise<Voice> => {
    const found = (await provider.voices()).find((v) => v.id === id);
    if (!found) throw new Error(`no voice ${id}`);
    return found;
  };
  /** Writes the MP3 and asks ffprobe what it is. */
  const probe = async (mp3: Buffer) => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rw-espeak-')), 'speech.mp3');
    await writeFile(file, mp3);
    return probeMedia(file);
  };

  it('offers every language it has, each with its variants, as free voices', async () => {
    const voices = await provider.voices();
    const languages = new Set(voices.map((v) => v.languageCode));
    expect(languages.size).toBeGreaterThan(100);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    expect(voices.every((v) => v.engine === 'free_tts' && v.provider === 'espeak')).toBe(true);
    expect(voices.map((v) => v.id)).toEqual(
      expect.arrayContaining(['espeak:en-us', 'espeak:en-us+f3', 'espeak:de', 'espeak:ja', 'espeak:yue-latn-jyutping']),
    );
    const german = await voice('espeak:de+f3');
    expect(german.languageName).toBe('German');
  });

  it('speaks English as an MP3 whose length ffprobe confirms and fits the text', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.';
    const result = await provider.synthesize(text, await voice('espeak:en-us+f3'));
    const probed = await probe(result.mp3);
    expect(probed.streams[0]?.codec).toBe('mp3');
    expect(Math.abs(probed.duration - result.duration)).toBeLessThan(0.1);
    // 17 words at eSpeak's 175 words a minute: about 6 s.
    expect(result.duration).toBeGreaterThan(3.5);
    expect(result.duration).toBeLessThan(9);
    expect(result.words).toBeUndefined();
    const faster = await provider.synthesize(text, await voice('espeak:en-us+f3'), { rate: 2 });
    expect(faster.duration).toBeLessThan(result.duration * 0.7);
  });

  it('speaks other scripts, and text that looks like an option', async () => {
    const russian = await provider.synthesize('Привет, как дела?', await voice('espeak:ru'));
    expect(russian.duration).toBeGreaterThan(0.5);
    const dashed = await provider.synthesize('-v xx --help', await voice('espeak:en-us'));
    expect(dashed.duration).toBeGreaterThan(0.5);
  });

  it('is safe to call concurrently: every call gets its own, identical, sound', async () => {
    const en = await voice('espeak:en-us');
    const results = await Promise.all(
      ['one', 'two', 'three', 'one', 'two', 'three'].map((t) => provider.synthesize(`Number ${t}.`, en)),
    );
    expect(results[0]?.mp3.equals(results[3]?.mp3 as Buffer)).toBe(true);
    expect(results[1]?.mp3.equals(results[4]?.mp3 as Buffer)).toBe(true);
    expect(results[0]?.mp3.equals(results[1]?.mp3 as Buffer)).toBe(false);
  });

  it('refuses a voice it does not have', async () => {
    const fake: Voice = { ...(await voice('espeak:en-us')), id: 'espeak:xx' };
    await expect(provider.synthesize('Hello', fake)).rejects.toBeInstanceOf(ProviderError);
  });
});
