import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers';
import type { Member } from '../accounts/sessions';
import { createTtsProviders, DEFAULT_VOICE_ID } from '../providers/tts/registry';
import type { TtsProvider, Voice } from '../providers/tts/types';
import { listVoices } from './service';

const wavenet: Voice = {
  id: DEFAULT_VOICE_ID,
  label: 'Wavenet C (US English, female)',
  name: DEFAULT_VOICE_ID,
  languageCode: 'en-US',
  languageName: 'English (United States)',
  engine: 'paid_tts',
  provider: 'google',
  gender: 'female',
};

/** A paid vendor that only lists voices (this suite never speaks). */
const fakeGoogle = (fail = false): TtsProvider => ({
  name: 'google',
  engine: 'paid_tts',
  voices: async () => {
    if (fail) throw new Error('vendor down');
    return [wavenet];
  },
  synthesize: async () => {
    throw new Error('not in this test');
  },
});

const member = (plan: Member['plan']) => ({ id: 1, plan }) as Member;

describe('voices of the registry', () => {
  const withGoogle = createTtsProviders(testConfig(), { paid: [fakeGoogle()] });
  const logs: string[] = [];
  const googleDown = createTtsProviders(testConfig(), { paid: [fakeGoogle(true)], log: (m) => logs.push(m) });
  const espeakOnly = createTtsProviders(testConfig());
  afterAll(async () => {
    await Promise.all([withGoogle.close(), googleDown.close(), espeakOnly.close()]);
  });

  it('lists free voices for visitors and free members, every engine for engine=all and paid members', async () => {
    const free = await listVoices(withGoogle, { member: null });
    expect(free.every((v) => v.engine === 'free_tts')).toBe(true);
    expect(await listVoices(withGoogle, { member: member('free') })).toHaveLength(free.length);
    const all = await listVoices(withGoogle, { member: null, engine: 'all' });
    expect(all).toHaveLength(free.length + 1);
    expect(await listVoices(withGoogle, { member: member('paid') })).toHaveLength(all.length);
    expect(await listVoices(withGoogle, { member: null, engine: 'paid_tts' })).toEqual([wavenet]);
    // Within a language, paid voices come first.
    const english = all.filter((v) => v.languageName === 'English (United States)');
    expect(english[0]?.id).toBe(DEFAULT_VOICE_ID);
  });

  it('resolves the default voice to Google when configured, else to English eSpeak', async () => {
    expect((await withGoogle.resolveVoice(DEFAULT_VOICE_ID, 'en-US'))?.provider).toBe('google');
    expect((await espeakOnly.resolveVoice(DEFAULT_VOICE_ID, 'en-US'))?.id).toBe('espeak:en-us+f3');
    expect((await espeakOnly.resolveVoice(DEFAULT_VOICE_ID, ''))?.id).toBe('espeak:en-us+f3');
    // A vendor voice no longer offered: eSpeak in the same language (base language when needed).
    expect((await espeakOnly.resolveVoice('polly:Vicki:neural', 'de-DE'))?.id).toBe('espeak:de+f3');
    expect(await espeakOnly.resolveVoice('espeak:nope', 'en-US')).toBeUndefined();
    expect(await espeakOnly.resolveVoice('polly:Vicki:neural', 'xx')).toBeUndefined();
  });

  it('leaves out a vendor that cannot list its voices, and says so in the log', async () => {
    const voices = await googleDown.voices();
    expect(voices.length).toBeGreaterThan(100);
    expect(voices.some((v) => v.provider === 'google')).toBe(false);
    expect(logs[0]).toMatch(/google voices could not be listed: vendor down/);
  });
});
