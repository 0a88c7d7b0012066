import { randomUUID } from 'node:crypto';
import { SigV4Error, verifySigV4 } from '../aws-signature';
import {
  FAKE_SECONDS_PER_CHARACTER,
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

/** A voice as Polly's DescribeVoices lists it. */
export type FakePollyVoice = {
  Id: string;
  Name: string;
  Gender: 'Female' | 'Male';
  LanguageCode: string;
  LanguageName: string;
  SupportedEngines: string[];
};

export const FAKE_POLLY_VOICES: FakePollyVoice[] = [
  {
    Id: 'Joanna',
    Name: 'Joanna',
    Gender: 'Female',
    LanguageCode: 'en-US',
    LanguageName: 'US English',
    SupportedEngines: ['neural', 'standard', 'long-form', 'generative'],
  },
  {
    Id: 'Brian',
    Name: 'Brian',
    Gender: 'Male',
    LanguageCode: 'en-GB',
    LanguageName: 'British English',
    SupportedEngines: ['neural', 'standard'],
  },
  {
    Id: 'Hans',
    Name: 'Hans',
    Gender: 'Male',
    LanguageCode: 'de-DE',
    LanguageName: 'German',
    SupportedEngines: ['standard'],
  },
];

export type FakePollyOptions = {
  accessKeyId: string;
  secretAccessKey: string;
  /** The region requests must be signed for; default us-east-1. */
  region?: string;
  voices?: FakePollyVoice[];
  /** Voices per DescribeVoices page (NextToken beyond); default all on one page. */
  pageSize?: number;
};

const ERROR_TYPES: Record<number, string> = {
  400: 'ValidationException',
  401: 'UnrecognizedClientException',
  403: 'UnrecognizedClientException',
  429: 'ThrottlingException',
  500: 'ServiceFailureException',
  503: 'ServiceUnavailableException',
};
const MP3_RATES = ['8000', '16000', '22050', '24000'];
const MAX_CHARACTERS = 3000;

/**
 * Amazon Polly's REST API on 127.0.0.1: DescribeVoices (`GET /v1/voices`, paged with NextToken)
 * and SynthesizeSpeech (`POST /v1/speech`, MP3 or word speech marks as JSON lines). Every
 * request must carry an AWS Signature V4 for service `polly`, recomputed here from the canonical
 * request (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html). Errors
 * are AWS REST-JSON: the exception name in `x-amzn-ErrorType`, `{ message }` in the body.
 */
export function startFakePolly(
  options: FakePollyOptions = { accessKeyId: 'AKIDPOLLYTEST', secretAccessKey: 'polly-secret' },
): Promise<FakeTtsVendor> {
  const voices = options.voices ?? FAKE_POLLY_VOICES;
  const region = options.region ?? 'us-east-1';

  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    verifyAwsSignature(request, { ...options, region });
    if (request.method === 'GET' && request.path === '/v1/voices') return describeVoices(request);
    if (request.method === 'POST' && request.path === '/v1/speech') return synthesizeSpeech(request);
    throw new VendorRefusal(404, `No operation at ${request.method} ${request.path}`, 'UnknownOperationException');
  }

  function describeVoices(request: RecordedTtsRequest): FakeAnswer {
    const engine = request.query.get('Engine');
    const languageCode = request.query.get('LanguageCode');
    const listed = voices.filter(
      (voice) =>
        (!engine || voice.SupportedEngines.includes(engine)) && (!languageCode || voice.LanguageCode === languageCode),
    );
    const from = Number(request.query.get('NextToken') ?? 0);
    const size = options.pageSize ?? listed.length;
    const page = listed.slice(from, from + size);
    const next = from + size < listed.length ? String(from + size) : undefined;
    return { status: 200, body: next ? { Voices: page, NextToken: next } : { Voices: page } };
  }

  async function synthesizeSpeech(request: RecordedTtsRequest): Promise<FakeAnswer> {
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') throw new VendorRefusal(400, 'Could not parse the request body as JSON.');
    const missing = ['OutputFormat', 'Text', 'VoiceId'].filter((field) => body[field] === undefined);
    if (missing.length > 0) {
      const lines = missing.map(
        (field) => `Value null at '${lowerFirst(field)}' failed to satisfy constraint: Member must not be null`,
      );
      throw new VendorRefusal(400, `${missing.length} validation error(s) detected: ${lines.join('; ')}`);
    }
    const { OutputFormat: format, Text: text, TextType: textType = 'text', VoiceId: voiceId } = body;
    const engine = body.Engine ?? 'standard';
    if (!['json', 'mp3', 'ogg_vorbis', 'pcm'].includes(String(format))) {
      throw new VendorRefusal(
        400,
        `Value '${String(format)}' at 'outputFormat' failed to satisfy constraint: Member must satisfy enum value set: [json, mp3, ogg_vorbis, pcm]`,
      );
    }
    const voice = voices.find((v) => v.Id === voiceId);
    if (!voice) {
      throw new VendorRefusal(
        400,
        `Value '${String(voiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set`,
      );
    }
    if (!voice.SupportedEngines.includes(String(engine))) {
      throw new VendorRefusal(
        400,
        `This voice does not support the selected engine: ${String(engine)}`,
        'EngineNotSupportedException',
      );
    }
    if (body.LanguageCode !== undefined && body.LanguageCode !== voice.LanguageCode) {
      throw new VendorRefusal(
        400,
        `Language ${String(body.LanguageCode)} is not supported by voice ${voice.Id}`,
        'LanguageNotSupportedException',
      );
    }
    if (typeof text !== 'string') throw new VendorRefusal(400, "Value at 'text' must be a string");
    let spoken = text;
    if (textType === 'ssml') {
      try {
        const elements = parseXmlElements(text);
        if (elements[0]?.name !== 'speak') throw new Error('the root element must be <speak>');
      } catch (error) {
        throw new VendorRefusal(400, `Invalid SSML request: ${(error as Error).message}`, 'InvalidSsmlException');
      }
      spoken = textOfXml(text);
    } else if (textType !== 'text') {
      throw new VendorRefusal(400, `Value '${String(textType)}' at 'textType' failed to satisfy constraint`);
    }
    if ([...spoken].length > MAX_CHARACTERS) {
      throw new VendorRefusal(400, `Maximum text length has been exceeded`, 'TextLengthExceededException');
    }
    const marks = body.SpeechMarkTypes;
    if (format === 'json') {
      if (!Array.isArray(marks) || marks.length === 0) {
        throw new VendorRefusal(
          400,
          'Speech marks types must be provided for the json output format',
          'MarksNotSupportedForFormatException',
        );
      }
      return {
        status: 200,
        headers: { 'Content-Type': 'application/x-json-stream', 'x-amzn-RequestCharacters': String(spoken.length) },
        body: speechMarks(text, textType === 'ssml'),
      };
    }
    if (marks !== undefined) {
      throw new VendorRefusal(
        400,
        'Speech marks are only available for the json output format',
        'MarksNotSupportedForFormatException',
      );
    }
    if (format !== 'mp3') throw new VendorRefusal(400, `The fake speaks mp3 only, not ${String(format)}`);
    if (body.SampleRate !== undefined && !MP3_RATES.includes(String(body.SampleRate))) {
      throw new VendorRefusal(
        400,
        `Sample rate ${String(body.SampleRate)} is not valid for mp3`,
        'InvalidSampleRateException',
      );
    }
    return {
      status: 200,
      headers: { 'Content-Type': 'audio/mpeg', 'x-amzn-RequestCharacters': String(spoken.length) },
      body: await fakeSpeechMp3(spoken),
    };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code }) => {
      const type = code ?? ERROR_TYPES[status] ?? (status >= 500 ? 'ServiceFailureException' : 'ValidationException');
      return {
        status,
        headers: {
          'x-amzn-ErrorType': `${type}:http://internal.amazon.com/coral/com.amazonaws.tts/`,
          'x-amzn-RequestId': randomUUID(),
        },
        body: { message },
      };
    },
  });
}

/**
 * Word speech marks as Polly writes them, one JSON object a line; `time` (ms) follows the fake's
 * pace through the spoken text, `start`/`end` are byte offsets in the input (SSML included).
 */
function speechMarks(input: string, ssml: boolean): string {
  const lines: string[] = [];
  let spokenIndex = 0;
  const tagged = ssml ? /<[^>]*>|&[^;]+;|\S+?(?=<|&|\s|$)|\s+/g : /\S+|\s+/g;
  for (const match of input.matchAll(tagged)) {
    const [piece] = match;
    if (piece.startsWith('<')) continue;
    const entity = ssml && piece.startsWith('&');
    const length = entity ? 1 : [...piece].length;
    if (!/^\s+$/.test(piece) && !entity) {
      const start = Buffer.byteLength(input.slice(0, match.index));
      lines.push(
        JSON.stringify({
          time: Math.round(spokenIndex * FAKE_SECONDS_PER_CHARACTER * 1000),
          type: 'word',
          start,
          end: start + Buffer.byteLength(piece),
          value: piece,
        }),
      );
    }
    spokenIndex += length;
  }
  return `${lines.join('\n')}\n`;
}

/** How the JSON services (Polly, Transcribe) word each signature failure: status, exception, message. */
function jsonServiceRefusal(error: SigV4Error, expectedService: string): VendorRefusal {
  const { region, service } = error.signed;
  switch (error.reason) {
    case 'missing':
      return new VendorRefusal(403, 'Missing Authentication Token', 'MissingAuthenticationTokenException');
    case 'malformed':
    case 'algorithm':
    case 'payload_hash_missing':
      return new VendorRefusal(
        400,
        'Authorization header requires Credential, SignedHeaders and Signature.',
        'IncompleteSignatureException',
      );
    case 'unknown_key':
      return new VendorRefusal(
        403,
        'The security token included in the request is invalid.',
        'UnrecognizedClientException',
      );
    case 'bad_scope':
      return new VendorRefusal(400, 'The credential scope or date is malformed.', 'IncompleteSignatureException');
    case 'wrong_service':
    case 'wrong_region':
      return new VendorRefusal(
        403,
        `Credential should be scoped to a valid region and service '${expectedService}', not '${region}/${service}'.`,
        'InvalidSignatureException',
      );
    case 'skewed':
    case 'expired':
    case 'bad_expires':
      return new VendorRefusal(
        403,
        'Signature expired: the request time is too far from the server time.',
        'InvalidSignatureException',
      );
    case 'host_unsigned':
      return new VendorRefusal(403, "'Host' must be a signed header.", 'InvalidSignatureException');
    case 'payload_mismatch':
      return new VendorRefusal(
        400,
        'The provided x-amz-content-sha256 header does not match the body.',
        'InvalidSignatureException',
      );
    case 'mismatch':
      return new VendorRefusal(
        403,
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
        'InvalidSignatureException',
      );
  }
}

/**
 * Checks the request's Signature V4 (headers form) for `service` (default `polly`) with the
 * testkit's one verifier (`aws-signature.ts`) and throws AWS's errors (as `VendorRefusal`s) when
 * it is wrong; the Transcribe fake uses it too.
 */
export function verifyAwsSignature(
  request: RecordedTtsRequest,
  options: { accessKeyId: string; secretAccessKey: string; region: string; service?: string },
) {
  const service = options.service ?? 'polly';
  try {
    verifySigV4(
      {
        method: request.method,
        rawPath: request.path,
        query: [...request.query],
        header: (name) => headerOf(request, name),
        body: request.body,
      },
      { ...options, service, maxSkewMs: 5 * 60 * 1000 },
    );
  } catch (error) {
    throw error instanceof SigV4Error ? jsonServiceRefusal(error, service) : error;
  }
}

const lowerFirst = (text: string) => `${text[0]?.toLowerCase() ?? ''}${text.slice(1)}`;
