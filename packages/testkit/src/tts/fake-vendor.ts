import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the text-to-speech vendor fakes share: a loopback HTTP server that records every request,
 * can be told to fail the next one with the vendor's own error shape, and answers speech as a
 * real MP3 (a sine tone ffmpeg encodes) whose length follows the text.
 */

/** A request a fake answered, for assertions. */
export type RecordedTtsRequest = {
  method: string;
  /** The path without the query, as sent (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** The status the fake answered. */
  status: number;
};

export type FakeTtsVendor = {
  /** `http://127.0.0.1:PORT`: the base URL to configure the adapter with. */
  url: string;
  requests: RecordedTtsRequest[];
  /**
   * The next request (whatever it is, before any check) answers `status` with the vendor's error
   * body carrying `message`; `code` is the vendor's own error code where it has one (Google's
   * reason, Polly's exception name, ElevenLabs' detail status, OpenAI's error code).
   */
  failNext(status: number, message?: string, code?: string): void;
  close(): Promise<void>;
};

/** An answer: status, headers and a body (objects are sent as JSON). */
export type FakeAnswer = { status: number; headers?: Record<string, string>; body?: Buffer | string | object };

/** A vendor's way of saying no; thrown by handlers, turned into an answer by `errorAnswer`. */
export class VendorRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** Anything else the vendor's error shape carries (e.g. OpenAI's `param`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type VendorBehaviour = {
  handle(request: RecordedTtsRequest): Promise<FakeAnswer> | FakeAnswer;
  /** The vendor's error answer for a refusal (status, message, optional code). */
  errorAnswer(refusal: VendorRefusal): FakeAnswer;
};

/** Seconds of sound the fakes make per character of spoken text (so durations mean something). */
export const FAKE_SECONDS_PER_CHARACTER = 0.06;

export async function startFakeVendor(behaviour: VendorBehaviour): Promise<FakeTtsVendor> {
  const requests: RecordedTtsRequest[] = [];
  const failures: { status: number; message: string; code: string | undefined }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const rawUrl = req.url ?? '/';
      const at = rawUrl.indexOf('?');
      const body = Buffer.concat(chunks);
      const request: RecordedTtsRequest = {
        method: req.method ?? 'GET',
        path: at === -1 ? rawUrl : rawUrl.slice(0, at),
        query: new URLSearchParams(at === -1 ? '' : rawUrl.slice(at + 1)),
        headers: req.headers,
        body,
        json: parseJson(body),
        status: 0,
      };
      requests.push(request);
      let answer: FakeAnswer;
      const failure = failures.shift();
      try {
        if (failure) throw new VendorRefusal(failure.status, failure.message, failure.code);
        answer = await behaviour.handle(request);
      } catch (error) {
        answer = behaviour.errorAnswer(
          error instanceof VendorRefusal
            ? error
            : new VendorRefusal(500, error instanceof Error ? error.message : String(error)),
        );
      }
      request.status = answer.status;
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, message = `the fake was told to fail with ${status}`, code) {
      failures.push({ status, message, code });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, answer: FakeAnswer) {
  const { body } = answer;
  const isJson = body !== undefined && !Buffer.isBuffer(body) && typeof body !== 'string';
  const bytes = body === undefined ? Buffer.alloc(0) : isJson ? Buffer.from(JSON.stringify(body)) : Buffer.from(body);
  res.statusCode = answer.status;
  if (isJson) res.setHeader('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The header's value (several joined by commas), or '' when absent. */
export function headerOf(request: RecordedTtsRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** Seconds of speech the fakes make for a text. */
export function fakeSpeechSeconds(text: string): number {
  return Math.max(0.25, Math.round([...text].length * FAKE_SECONDS_PER_CHARACTER * 1000) / 1000);
}

const mp3Cache = new Map<number, Promise<Buffer>>();

/** A real MP3 (mono 24 kHz, a 440 Hz tone) as long as the fakes would speak `text`. */
export function fakeSpeechMp3(text: string): Promise<Buffer> {
  const seconds = fakeSpeechSeconds(text);
  let mp3 = mp3Cache.get(seconds);
  if (!mp3) {
    mp3 = encodeTone(seconds);
    mp3.catch(() => mp3Cache.delete(seconds));
    mp3Cache.set(seconds, mp3);
  }
  return mp3;
}

function encodeTone(seconds: number): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i'];
  args.push(`sine=frequency=440:sample_rate=24000:duration=${seconds}`);
  args.push('-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3', 'pipe:1');
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Plain text of an XML fragment: tags dropped, the five entities and character references decoded. */
export function textOfXml(xml: string): string {
  return xml.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' }[entity] ?? '';
  });
}

/**
 * Checks that `xml` is one well-formed element (balanced tags, quoted attributes, known entities);
 * returns each element's name and attributes in document order, or throws a message saying why not.
 */
export function parseXmlElements(xml: string): { name: string; attributes: Map<string, string> }[] {
  const elements: { name: string; attributes: Map<string, string> }[] = [];
  const open: string[] = [];
  const body = xml.trim().replace(/^<\?xml[^>]*\?>/, '');
  const token =
    /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|&(?!(?:lt|gt|amp|apos|quot|#\d+|#x[0-9a-fA-F]+);)/g;
  let roots = 0;
  for (const match of body.matchAll(token)) {
    const [whole, closing, name, attributeText = '', selfClosing] = match;
    if (whole === '<') throw new Error(`a '<' that starts no tag at offset ${match.index}`);
    if (whole === '&') throw new Error(`an '&' that starts no entity at offset ${match.index}`);
    if (!name) continue;
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes nothing open`);
      continue;
    }
    if (open.length === 0) roots += 1;
    const attributes = new Map<string, string>();
    for (const [, key = '', double, single] of attributeText.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes.set(key, textOfXml(double ?? single ?? ''));
    }
    elements.push({ name, attributes });
    if (!selfClosing) open.push(name);
  }
  if (open.length > 0) throw new Error(`<${open.at(-1)}> is never closed`);
  if (roots !== 1) throw new Error('the document must have exactly one root element');
  return elements;
}
