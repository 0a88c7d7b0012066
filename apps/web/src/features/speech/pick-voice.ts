import type { TtsVoice } from '@reelwright/core';

/**
 * The voice to preselect: the one wanted when this server offers it; else, as the server does
 * for the spec's default voice, a US English one; else any English one; else the first.
 */
export function pickVoice(voices: TtsVoice[], wantedId: string): TtsVoice | undefined {
  return (
    voices.find((v) => v.Id === wantedId) ??
    voices.find((v) => v.LanguageCode.toLowerCase() === 'en-us') ??
    voices.find((v) => v.LanguageCode.toLowerCase().startsWith('en')) ??
    voices[0]
  );
}
