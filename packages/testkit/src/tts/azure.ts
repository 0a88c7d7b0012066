import {
  type FakeAnswer,
  type FakeTtsVendor,
  fakeSpeechMp3,
  headerOf,
  parseXmlElements,
  type RecordedTtsRequest,
  startFakeVendor,
  textOfXml,
  VendorRefusal,
} from './fake-vendor';

/** A voice as Azure's `GET /cognitiveservices/voices/list` lists it. */
export type FakeAzureVoice = {
  Name: string;
  DisplayName: string;
  LocalName: string;
  ShortName: string;
  Gender: 'Female' | 'Male' | 'Neutral';
  Locale: string;
  LocaleName: string;
  SampleRateHertz: string;
  VoiceType: 'Neural';
  Status: 'GA' | 'Preview' | 'Deprecated';
  WordsPerMinute?: string;
};

const azureVoice = (shortName: string, gender: FakeAzureVoice['Gender'], localeName: string): FakeAzureVoice => {
  const [language = '', country = '', name = ''] = shortName.split('-');
  const displayName = name.replace(/Neural$/, '');
  return {
    Name: `Microsoft Server Speech Text to Speech Voice (${language}-${country}, ${name})`,
    DisplayName: displayName,
    LocalName: displayName,
    ShortName: shortName,
    Gender: gender,
    Locale: `${language}-${country}`,
    LocaleName: localeName,
    SampleRateHertz: '24000',
    VoiceType: 'Neural',
    Status: 'GA',
    WordsPerMinute: '150',
  };
};

export const FAKE_AZURE_VOICES: FakeAzureVoice[] = [
  azureVoice('en-US-AvaNeural', 'Female', 'English (United States)'),
  azureVoice('en-GB-RyanNeural', 'Male', 'English (United Kingdom)'),
  azureVoice('fr-FR-DeniseNeural', 'Female', 'French (France)'),
];

/** The MP3 output formats Azure offers (the fake makes 24 kHz mono whichever is asked). */
const MP3_FORMATS = [
  'audio-16khz-32kbitrate-mono-mp3',
  'audio-16khz-64kbitrate-mono-mp3',
  'audio-16khz-128kbitrate-mono-mp3',
  'audio-24khz-48kbitrate-mono-mp3',
  'audio-24khz-96kbitrate-mono-mp3',
  'audio-24khz-160kbitrate-mono-mp3',
  'audio-48khz-96kbitrate-mono-mp3',
  'audio-48khz-192kbitrate-mono-mp3',
];
const UNAUTHORIZED =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';

/**
 * Azure AI Speech text to speech (REST) on 127.0.0.1: `GET /cognitiveservices/voices/list` and
 * `POST /cognitiveservices/v1`. The key comes in `Ocp-Apim-Subscription-Key` (401 otherwise);
 * synthesis needs `Content-Type: application/ssml+xml` (415 otherwise), a known MP3
 * `X-Microsoft-OutputFormat` and a well-formed SSML `<speak>` whose `<voice name>` is a listed
 * voice (400 otherwise). Errors have the gateway's shape `{ error: { code, message } }`.
 */
export function startFakeAzureSpeech(
  options: { key: string; voices?: FakeAzureVoice[] } = { key: 'azure-test-key' },
): Promise<FakeTtsVendor> {
  const voices = options.voices ?? FAKE_AZURE_VOICES;

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    if (headerOf(request, 'ocp-apim-subscription-key') !== options.key) throw new VendorRefusal(401, UNAUTHORIZED);
    if (request.method === 'GET' && request.path === '/cognitiveservices/voices/list') {
      return { status: 200, body: voices };
    }
    if (request.method === 'POST' && request.path === '/cognitiveservices/v1') return synthesize(request);
    throw new VendorRefusal(404, 'Resource not found');
  }

  async function synthesize(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const contentType = headerOf(request, 'content-type').split(';')[0]?.trim();
    if (contentType !== 'application/ssml+xml') {
      throw new VendorRefusal(415, `Unsupported media type '${contentType}'; send application/ssml+xml.`);
    }
    const format = headerOf(request, 'x-microsoft-outputformat');
    if (!MP3_FORMATS.includes(format)) throw new VendorRefusal(400, `Unsupported output format '${format}'.`);
    const ssml = request.body.toString('utf8');
    let elements: ReturnType<typeof parseXmlElements>;
    try {
      elements = parseXmlElements(ssml);
    } catch (error) {
      throw new VendorRefusal(400, `SSML is not well formed: ${(error as Error).message}`);
    }
    const speak = elements[0];
    if (speak?.name !== 'speak' || !speak.attributes.get('version') || !speak.attributes.get('xml:lang')) {
      throw new VendorRefusal(400, 'The root element must be <speak> with version and xml:lang.');
    }
    const voiceElements = elements.filter((element) => element.name === 'voice');
    if (voiceElements.length === 0) throw new VendorRefusal(400, 'SSML must name a voice.');
    for (const element of voiceElements) {
      const name = element.attributes.get('name');
      if (!voices.some((voice) => voice.ShortName === name || voice.Name === name)) {
        throw new VendorRefusal(400, `Unsupported voice ${name}.`);
      }
    }
    for (const prosody of elements.filter((element) => element.name === 'prosody')) {
      const rate = prosody.attributes.get('rate');
      const pitch = prosody.attributes.get('pitch');
      if (rate !== undefined && !/^([+-]?\d+(\.\d+)?%?|x-slow|slow|medium|fast|x-fast|default)$/.test(rate)) {
        throw new VendorRefusal(400, `Invalid prosody rate '${rate}'.`);
      }
      if (
        pitch !== undefined &&
        !/^([+-]\d+(\.\d+)?(Hz|st|%)|\d+(\.\d+)?Hz|x-low|low|medium|high|x-high|default)$/.test(pitch)
      ) {
        throw new VendorRefusal(400, `Invalid prosody pitch '${pitch}'.`);
      }
    }
    const text = textOfXml(ssml.replace(/^<\?xml[^>]*\?>/, '')).trim();
    return { status: 200, headers: { 'Content-Type': 'audio/mpeg' }, body: await fakeSpeechMp3(text) };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code }) => ({
      status,
      body: { error: { code: code ?? String(status), message } },
    }),
  });
}
