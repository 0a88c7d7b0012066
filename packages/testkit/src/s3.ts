import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { hmac, SIGV4_ALGORITHM, type SigV4Auth, SigV4Error, sameText, sha256, verifySigV4 } from './aws-signature';

/**
 * A fake S3 on loopback, path-style (`endpoint/bucket/key`), speaking enough of the REST API for
 * a file store: PutObject (plain, `aws-chunked` unsigned-with-trailer as @aws-sdk/client-s3 sends
 * streams, and signed chunks), GetObject (one byte range, response-* overrides, If-None-Match),
 * HeadObject, DeleteObject, with S3's XML errors. Every request must carry a valid AWS Signature
 * V4 — in headers or as a presigned query string — checked by the testkit's one verifier
 * (`aws-signature.ts`; https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html).
 * Objects live in memory.
 */
export type FakeS3Object = { body: Buffer; contentType: string; etag: string; lastModified: Date };

export type FakeS3Options = {
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** The region requests must be signed for; defaults to us-east-1. */
  region?: string;
};

export type FakeS3 = {
  /** `http://127.0.0.1:PORT`, for the SDK's `endpoint` with `forcePathStyle: true`. */
  endpoint: string;
  /** Objects by key (decoded, without the bucket). */
  objects: Map<string, FakeS3Object>;
  /** Every request answered, in order: method, key and the status sent (for assertions). */
  requests: { method: string; key: string; status: number }[];
  close(): Promise<void>;
};

const MAX_SKEW_MS = 15 * 60 * 1000;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3['requests'] = [];
  const region = options.region ?? 'us-east-1';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawUrl = req.url ?? '/';
      const at = rawUrl.indexOf('?');
      const rawPath = at === -1 ? rawUrl : rawUrl.slice(0, at);
      let key: string | undefined;
      let status: number;
      try {
        const query = parseQuery(at === -1 ? '' : rawUrl.slice(at + 1));
        const auth = verifySignature(req, rawPath, query, { ...options, region });
        key = keyOf(rawPath, options.bucket);
        status = route(req, res, key, query, decodePayload(req, Buffer.concat(chunks), auth), objects);
      } catch (error) {
        status = error instanceof S3Error ? error.status : 500;
        const code = error instanceof S3Error ? error.code : 'InternalError';
        sendError(req, res, status, code, error instanceof Error ? error.message : String(error), key);
      }
      requests.push({ method: req.method ?? '', key: key ?? '', status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The key of a path-style URL, or undefined for the bucket itself; a different bucket is NoSuchBucket. */
function keyOf(rawPath: string, bucket: string): string | undefined {
  const [, rawBucket = '', ...rest] = rawPath.split('/');
  if (safeDecode(rawBucket) !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
  const key = safeDecode(rest.join('/'));
  return key === '' ? undefined : key;
}

function route(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  key: string | undefined,
  query: [string, string][],
  body: Buffer,
  objects: Map<string, FakeS3Object>,
): number {
  const method = req.method ?? 'GET';
  if (key === undefined) {
    if (method === 'HEAD') return end(res, 200);
    throw new S3Error(501, 'NotImplemented', `${method} on a bucket is not implemented by the fake`);
  }
  const params = new Map(query);
  if (params.has('uploadId') || params.has('uploads') || req.headers['x-amz-copy-source']) {
    throw new S3Error(501, 'NotImplemented', 'Multipart upload and copy are not implemented by the fake');
  }
  if (method === 'PUT') {
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    const contentType = header(req, 'content-type') || 'binary/octet-stream';
    objects.set(key, { body, contentType, etag, lastModified: new Date() });
    res.setHeader('ETag', etag);
    return end(res, 200);
  }
  if (method === 'DELETE') {
    objects.delete(key);
    return end(res, 204);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }
  const object = objects.get(key);
  if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  res.setHeader('ETag', object.etag);
  res.setHeader('Last-Modified', object.lastModified.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', params.get('response-content-type') ?? object.contentType);
  for (const [param, name] of [
    ['response-content-disposition', 'Content-Disposition'],
    ['response-cache-control', 'Cache-Control'],
    ['response-content-language', 'Content-Language'],
    ['response-content-encoding', 'Content-Encoding'],
    ['response-expires', 'Expires'],
  ] as const) {
    const value = params.get(param);
    if (value !== undefined) res.setHeader(name, value);
  }
  if (header(req, 'if-none-match') === object.etag) return end(res, 304);
  const size = object.body.length;
  const range = parseRange(header(req, 'range'), size);
  if (range === 'unsatisfiable') {
    res.removeHeader('Content-Type');
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
  }
  const [start, last] = range ?? [0, size - 1];
  res.setHeader('Content-Length', String(Math.max(0, last - start + 1)));
  if (range) res.setHeader('Content-Range', `bytes ${start}-${last}/${size}`);
  res.statusCode = range ? 206 : 200;
  res.end(method === 'HEAD' ? undefined : object.body.subarray(start, last + 1));
  return res.statusCode;
}

/** One `bytes=` range as [first, last] inclusive; undefined means the whole object. */
function parseRange(value: string, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const first = Number(match[1]);
  const last = match[2] === '' ? size - 1 : Number(match[2]);
  if (last < first) return undefined;
  if (first >= size) return 'unsatisfiable';
  return [first, Math.min(last, size - 1)];
}

/** How S3 words each signature failure: status, code, message. */
function s3Refusal(error: SigV4Error, expectedRegion: string): S3Error {
  switch (error.reason) {
    case 'missing':
      return new S3Error(403, 'AccessDenied', 'Access Denied');
    case 'malformed':
      return new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    case 'payload_hash_missing':
      return new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    case 'algorithm':
      return new S3Error(400, 'InvalidArgument', 'Unsupported algorithm');
    case 'unknown_key':
      return new S3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    case 'bad_scope':
    case 'wrong_service':
      return new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope or date is malformed');
    case 'wrong_region':
      return new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The region '${error.signed.region}' is wrong; expecting '${expectedRegion}'`,
      );
    case 'bad_expires':
      return new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800');
    case 'expired':
      return new S3Error(403, 'AccessDenied', 'Request has expired');
    case 'skewed':
      return new S3Error(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    case 'host_unsigned':
      return new S3Error(400, 'AuthorizationHeaderMalformed', 'The host header must be signed');
    case 'payload_mismatch':
      return new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    case 'mismatch':
      return new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
  }
}

/** The request's Signature V4, headers or presigned, checked by the testkit's one verifier. */
function verifySignature(
  req: http.IncomingMessage,
  rawPath: string,
  query: [string, string][],
  options: Required<FakeS3Options>,
): SigV4Auth {
  try {
    return verifySigV4(
      { method: req.method ?? 'GET', rawPath, query, header: (name) => header(req, name) },
      {
        ...options,
        service: 's3',
        maxSkewMs: MAX_SKEW_MS,
        presigned: true,
        requirePayloadHash: true,
      },
    );
  } catch (error) {
    throw error instanceof SigV4Error ? s3Refusal(error, options.region) : error;
  }
}

/** The object bytes of a request body, checking its declared hash, chunk signatures and checksums. */
function decodePayload(req: http.IncomingMessage, body: Buffer, auth: SigV4Auth): Buffer {
  const mode = auth.payloadHash;
  let payload: Buffer;
  let trailers = new Map<string, string>();
  if (mode === 'UNSIGNED-PAYLOAD') {
    payload = body;
  } else if (/^[0-9a-f]{64}$/.test(mode)) {
    if (sha256(body) !== mode) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    payload = body;
  } else if (mode === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER' || mode === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD') {
    ({ payload, trailers } = decodeAwsChunked(body, mode === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD' ? auth : undefined));
    const declared = header(req, 'x-amz-decoded-content-length');
    if (declared !== '' && Number(declared) !== payload.length) {
      throw new S3Error(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header',
      );
    }
    const expectedTrailer = header(req, 'x-amz-trailer');
    if (expectedTrailer && !trailers.has(expectedTrailer)) {
      throw new S3Error(400, 'MalformedTrailerError', `The trailer ${expectedTrailer} is missing`);
    }
  } else {
    throw new S3Error(400, 'InvalidArgument', `x-amz-content-sha256 '${mode}' is not supported by the fake`);
  }
  const checksums: [string, (data: Buffer) => string][] = [
    ['x-amz-checksum-crc32', (data) => crc32Base64(data)],
    ['x-amz-checksum-sha256', (data) => createHash('sha256').update(data).digest('base64')],
    ['x-amz-checksum-sha1', (data) => createHash('sha1').update(data).digest('base64')],
    ['content-md5', (data) => createHash('md5').update(data).digest('base64')],
  ];
  for (const [name, compute] of checksums) {
    const given = trailers.get(name) ?? header(req, name);
    if (given && given !== compute(payload)) {
      throw new S3Error(400, 'BadDigest', `The ${name} you specified did not match the calculated checksum.`);
    }
  }
  return payload;
}

/**
 * Decodes `Content-Encoding: aws-chunked`: `hex-size[;chunk-signature=sig]\r\n data \r\n` …
 * `0…\r\n` then optional `name:value\r\n` trailers and a blank line. With `auth`, each chunk's
 * signature is checked against the chain seeded by the request signature.
 */
function decodeAwsChunked(
  body: Buffer,
  auth: SigV4Auth | undefined,
): { payload: Buffer; trailers: Map<string, string> } {
  const malformed = () => new S3Error(400, 'IncompleteBody', 'The aws-chunked body is malformed');
  const parts: Buffer[] = [];
  const trailers = new Map<string, string>();
  let previous = auth?.signature ?? '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) throw malformed();
    const [sizeText = '', ...extensions] = body.subarray(at, lineEnd).toString('latin1').split(';');
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw malformed();
    const size = Number.parseInt(sizeText, 16);
    const data = body.subarray(lineEnd + 2, lineEnd + 2 + size);
    if (data.length !== size) throw malformed();
    if (auth) {
      const given = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? '';
      const toSign = [
        `${SIGV4_ALGORITHM}-PAYLOAD`,
        auth.amzDate,
        auth.scope,
        previous,
        EMPTY_SHA256,
        sha256(data),
      ].join('\n');
      const expected = hmac(auth.signingKey, toSign).toString('hex');
      if (!sameText(expected, given)) {
        throw new S3Error(403, 'SignatureDoesNotMatch', 'A chunk signature does not match.');
      }
      previous = expected;
    }
    if (size === 0) {
      at = lineEnd + 2;
      break;
    }
    parts.push(data);
    at = lineEnd + 2 + size;
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') throw malformed();
    at += 2;
  }
  for (const line of body.subarray(at).toString('latin1').split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon === -1) throw malformed();
    trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { payload: Buffer.concat(parts), trailers };
}

function sendError(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  key: string | undefined,
) {
  res.statusCode = status;
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message>`,
    key === undefined ? '' : `<Key>${escapeXml(key)}</Key>`,
    `<RequestId>${randomUUID()}</RequestId></Error>`,
  ].join('');
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', Buffer.byteLength(xml));
  res.end(xml);
}

function end(res: http.ServerResponse, status: number): number {
  res.statusCode = status;
  res.setHeader('x-amz-request-id', randomUUID());
  res.end();
  return status;
}

function parseQuery(raw: string): [string, string][] {
  if (raw === '') return [];
  return raw.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq === -1 ? [safeDecode(pair), ''] : [safeDecode(pair.slice(0, eq)), safeDecode(pair.slice(eq + 1))];
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, 'InvalidURI', 'Could not parse the specified URI.');
  }
}

const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};
const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function crc32Base64(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(zlib.crc32(data) >>> 0);
  return value.toString('base64');
}
