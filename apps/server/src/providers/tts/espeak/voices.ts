/**
 * eSpeak NG's languages and voice variants as `Voice`s. The language table comes from the engine
 * itself (`espeak-ng --voices`); each language is offered with a few of eSpeak's variants.
 */
import type { Voice } from '../types';

/** A row of `espeak-ng --voices`. */
export type EspeakLanguage = {
  /** eSpeak's language code, e.g. 'en-us', 'en-gb-x-rp', 'yue'. */
  language: string;
  /** eSpeak's own name, e.g. 'English (America)'. */
  name: string;
  /** The voice file, e.g. 'gmw/en-US'; what `-v` is given. */
  file: string;
  gender: Voice['gender'];
};

/** An eSpeak voice variant (a `+name` suffix): '' is the language's own voice. */
export type EspeakVariant = { key: string; label: string; gender: NonNullable<Voice['gender']> };

/**
 * The variants offered with every language: the plain voice plus three that sound the most
 * natural of the 100-odd eSpeak ships (the klatt ones need a synthesiser this build lacks).
 */
export const ESPEAK_VARIANTS: readonly EspeakVariant[] = [
  { key: '', label: 'male', gender: 'male' },
  { key: 'f3', label: 'female', gender: 'female' },
  { key: 'm3', label: 'male 2', gender: 'male' },
  { key: 'f4', label: 'female 2', gender: 'female' },
];

/** The voice the spec's default ('en-US-Wavenet-C', a female Google voice) falls back to. */
export const ESPEAK_DEFAULT_ENGLISH_ID = 'espeak:en-us+f3';

const ROW = /^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/;

/** Parses the table `espeak-ng --voices` prints (header line first). */
export function parseVoiceTable(lines: string[]): EspeakLanguage[] {
  const rows: EspeakLanguage[] = [];
  for (const line of lines) {
    const match = ROW.exec(line);
    if (!match) continue;
    const [, , language, ageGender, name, file] = match as unknown as string[];
    rows.push({
      language: (language as string).toLowerCase(),
      name: (name as string).replaceAll('_', ' ').trim(),
      file: file as string,
      gender: ageGender?.endsWith('F') ? 'female' : 'male',
    });
  }
  return rows;
}

/** 'en-us' → 'en-US', 'en-gb-x-rp' → 'en-GB-x-rp'; codes Intl cannot read are kept as they are. */
export function bcp47Of(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    return code;
  }
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });

/** 'en-US' → 'English (United States)'; eSpeak's own name when Intl does not know the code. */
export function languageNameOf(languageCode: string, fallback: string): string {
  try {
    const name = displayNames.of(languageCode);
    if (name && name.toLowerCase() !== languageCode.toLowerCase()) return name;
  } catch {
    // not a well-formed BCP 47 tag (eSpeak has a few invented ones)
  }
  return fallback;
}

/** The part of a voice id after 'espeak:', e.g. 'en-us' or 'yue-latn-jyutping'. */
function keysOf(languages: EspeakLanguage[]): string[] {
  const count = new Map<string, number>();
  for (const l of languages) count.set(l.language, (count.get(l.language) ?? 0) + 1);
  return languages.map((l) => {
    const base = (l.file.split('/').pop() ?? l.file).toLowerCase();
    // Two files can share a language (Cantonese and Cantonese as Jyutping): the file names it.
    return (count.get(l.language) ?? 0) > 1 && base !== l.language ? base : l.language;
  });
}

/** A voice with what `-v` needs to speak it. */
export type EspeakVoice = Voice & { espeakVoice: string };

/** Every language × variant as a `free_tts` voice, e.g. `espeak:en-us+f3` 'English (America), female'. */
export function espeakVoices(
  languages: EspeakLanguage[],
  variants: readonly EspeakVariant[] = ESPEAK_VARIANTS,
): EspeakVoice[] {
  const keys = keysOf(languages);
  return languages.flatMap((l, i) => {
    const key = keys[i] as string;
    const languageCode = bcp47Of(l.language);
    const languageName = languageNameOf(languageCode, l.name);
    return variants.map((variant): EspeakVoice => {
      const suffix = variant.key ? `+${variant.key}` : '';
      return {
        id: `espeak:${key}${suffix}`,
        label: `${l.name}, ${variant.label}`,
        name: `${key}${suffix}`,
        languageCode,
        languageName,
        engine: 'free_tts',
        provider: 'espeak',
        gender: variant.key ? variant.gender : l.gender,
        espeakVoice: `${l.file}${suffix}`,
      };
    });
  });
}
