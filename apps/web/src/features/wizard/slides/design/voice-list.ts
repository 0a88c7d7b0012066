import type { SlideSettings, TtsVoice } from '@reelwright/core';

type AudioSource = SlideSettings['audioSource'];

/** A Select / Combobox group: a language and its voices. */
export type VoiceGroup = { group: string; items: { value: string; label: string }[] };

/**
 * The voices of the narrator picker, grouped by language (sorted by language name, then label).
 * The paid source offers the paid voices, the others the free ones; when the server offers
 * none of that engine, every voice is listed instead of an empty picker.
 */
export function groupVoices(voices: readonly TtsVoice[], source: AudioSource): VoiceGroup[] {
  const engine = source === 'paid_tts' ? 'paid_tts' : 'free_tts';
  const own = voices.filter((v) => v.engine === engine);
  const list = own.length ? own : voices;
  const groups = new Map<string, VoiceGroup>();
  for (const voice of list) {
    const name = voice.LanguageName || voice.LanguageCode;
    const group = groups.get(name) ?? { group: name, items: [] };
    group.items.push({ value: voice.Id, label: voice.label || voice.Name });
    groups.set(name, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.group.localeCompare(b.group))
    .map((g) => ({ ...g, items: g.items.sort((a, b) => a.label.localeCompare(b.label)) }));
}

/** The voice demo (spec 001 §7): a redirect to a short sample. */
export const voiceDemoUrl = (voice: Pick<TtsVoice, 'Id' | 'LanguageCode'>) =>
  `/api/queries/tts?voice=${encodeURIComponent(voice.Id)}&lang=${encodeURIComponent(voice.LanguageCode)}&demo=1&redir=1`;
