/**
 * Azure AI Speech text to speech over its REST API, with the resource key in
 * `Ocp-Apim-Subscription-Key`: `GET /cognitiveservices/voices/list` and
 * `POST /cognitiveservices/v1` with an SSML body and `X-Microsoft-OutputFormat`.
 * https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech
 *
 * Voice ids are 'azure:' + Azure's ShortName ('azure:en-US-AvaNeural').
 */
import { ProviderError } from '../../http/provider-error';
import { readBytes, readJson, tryJson, type VendorErrorDetail, vendorFetch } from '../../http/vendor-fetch';
import type { SynthesisOptions, TtsProvider, Voice } from '../types';
import {
  clamp,
  DEFAULT_TIMEOUTS,
  escapeXml,
  genderOf,
  measureMp3,
  once,
  trimBase,
  type VendorTimeouts,
  vendorVoice,
} from '../vendor-http';

export type AzureTtsConfig = {
  /** AZURE_SPEECH_KEY; without it (or without a region or URL) the provider is not offered. */
  key: string | undefined;
  /** AZURE_SPEECH_REGION, e.g. 'westeurope'. */
  region: string | undefined;
  /** AZURE_SPEECH_URL, default https://{region}.tts.speech.microsoft.com (tests: the fake). */
  url: string | undefined;
};

const PROVIDER = 'azure';
export const AZURE_OUTPUT_FORMAT = 'audio-24khz-96kbitrate-mono-mp3';

type AzureVoice = {
  ShortName?: string;
  DisplayName?: string;
  LocalName?: string;
  Gender?: string;
  Locale?: string;
  Status?: string;
};

export function createAzureProvider(
  config: AzureTtsConfig,
  timeouts: VendorTimeouts = DEFAULT_TIMEOUTS,
): TtsProvider | null {
  const { key, region } = config;
  const url = config.url ?? (region ? `https://${region}.tts.speech.microsoft.com` : undefined);
  if (!key || !url) return null;
  const base = trimBase(url);
  const headers = { 'Ocp-Apim-Subscription-Key': key, 'User-Agent': 'reelwright' };

  const voices = once(async () => {
    const response = await vendorFetch(
      `${base}/cognitiveservices/voices/list`,
      { headers },
      { provider: PROVIDER, timeoutMs: timeouts.voicesMs, readError },
    );
    const list = await readJson<AzureVoice[]>(response);
    return (Array.isArray(list) ? list : []).flatMap((voice): Voice[] => {
      const { ShortName: shortName, Locale: languageCode } = voice;
      if (!shortName || !languageCode || voice.Status === 'Deprecated') return [];
      const gender = genderOf(voice.Gender);
      const name = voice.DisplayName || shortName;
      return [
        vendorVoice(PROVIDER, {
          id: `${PROVIDER}:${shortName}`,
          name: shortName,
          shownName: name,
          languageCode,
          gender,
        }),
      ];
    });
  });

  return {
    name: PROVIDER,
    engine: 'paid_tts',
    voices,
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}) {
      if (!voice.id.startsWith(`${PROVIDER}:`)) {
        throw new ProviderError(PROVIDER, 'bad_request', `${voice.id} is not an Azure voice`);
      }
      const response = await vendorFetch(
        `${base}/cognitiveservices/v1`,
        {
          method: 'POST',
          headers: {
            ...headers,
            'Content-Type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
          },
          body: azureSsml(text, voice.name, voice.languageCode, options),
        },
        { provider: PROVIDER, timeoutMs: timeouts.synthesizeMs, readError },
      );
      const mp3 = await readBytes(response);
      return { mp3, duration: await measureMp3(PROVIDER, mp3) };
    },
  };
}

/**
 * The SSML document Azure speaks: the text escaped, inside `<voice>`, and inside `<prosody>` when
 * the rate (a relative percentage) or pitch (relative semitones, 'st') differ from the voice's own.
 */
export function azureSsml(text: string, voiceName: string, languageCode: string, options: SynthesisOptions): string {
  const rate = clamp(options.rate ?? 1, 0.5, 2);
  const pitch = clamp(options.pitch ?? 0, -12, 12);
  let body = escapeXml(text);
  if (rate !== 1 || pitch !== 0) {
    const attributes: string[] = [];
    if (rate !== 1) attributes.push(`rate="${signed(Math.round((rate - 1) * 100))}%"`);
    if (pitch !== 0) attributes.push(`pitch="${signed(Math.round(pitch * 10) / 10)}st"`);
    body = `<prosody ${attributes.join(' ')}>${body}</prosody>`;
  }
  return [
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(languageCode)}">`,
    `<voice name="${escapeXml(voiceName)}">${body}</voice>`,
    '</speak>',
  ].join('');
}

const signed = (value: number) => (value >= 0 ? `+${value}` : String(value));

/** Azure's gateway answers `{ error: { code, message } }`; the speech service itself often an empty body. */
function readError(body: string): VendorErrorDetail {
  const json = tryJson(body) as { error?: { message?: string }; message?: string } | undefined;
  return { message: json?.error?.message ?? json?.message ?? body.slice(0, 300) };
}
