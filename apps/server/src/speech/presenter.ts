import type { TtsVoice } from '@reelwright/core';
import type { Voice } from '../providers/tts/types';

/** A voice as the clients read it (spec 001 §3). */
export function presentVoice(voice: Voice): TtsVoice {
  return {
    Id: voice.id,
    label: voice.label,
    Name: voice.name,
    LanguageCode: voice.languageCode,
    LanguageName: voice.languageName,
    engine: voice.engine,
  };
}
