import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one AWS Signature V4 verifier of the fakes (S3, Polly, Transcribe): it recomputes the
 * signature of a request, in its headers or as a presigned query string, from the canonical
 * request (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html) and
 * throws a SigV4Error naming what is wrong. Each fake answers that in its service's own words
 * (S3's XML codes, the JSON services' exception names).
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

/** A request as the verifier reads it. */
export type SigV4Request = {
  method: string;
  /** The path without the query, as sent (still percent-encoded). */
  rawPath: string;
  /** The query's pairs, decoded, in the order sent. */
  query: [string, string][];
  /** A header's value ('' when absent). */
  header(name: string): string;
  /**
   * The body, when the signature covers it: its hash signs the request unless
   * `x-amz-content-sha256` declares one, which must then match it. Without a body (S3, whose
   * fake checks the payload itself), the declared hash signs the request.
   */
  body?: Buffer;
};

export type SigV4Options = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `s3`, `polly`, `transcribe` … S3 signs the path as sent; the others encode it once more. */
  service: string;
  /** How far the signing time may be from now; AWS allows 15 minutes (S3), the fakes of JSON services 5. */
  maxSkewMs: number;
  /** Whether a presigned query string (`X-Amz-Signature` …) is accepted; S3 only. */
  presigned?: boolean;
  /** Whether `x-amz-content-sha256` must be sent (S3). */
  requirePayloadHash?: boolean;
};

/** What is wrong with a signature; each fake words it as its service does. */
export type SigV4Failure =
  /** No Authorization header (and no presigned query). */
  | 'missing'
  /** An Authorization header without Credential, SignedHeaders and Signature. */
  | 'malformed'
  /** S3 needs `x-amz-content-sha256`. */
  | 'payload_hash_missing'
  | 'algorithm'
  | 'unknown_key'
  /** The credential's date or terminator, or `x-amz-date`, is malformed. */
  | 'bad_scope'
  | 'wrong_service'
  | 'wrong_region'
  /** A presigned URL's X-Amz-Expires is out of range. */
  | 'bad_expires'
  /** A presigned URL past its expiry. */
  | 'expired'
  /** A header signature made too far from now. */
  | 'skewed'
  | 'host_unsigned'
  /** The declared `x-amz-content-sha256` is not the body's. */
  | 'payload_mismatch'
  | 'mismatch';

export class SigV4Error extends Error {
  constructor(
    readonly reason: SigV4Failure,
    /** The scope the request was signed for, once read. */
    readonly signed: { region?: string; service?: string } = {},
  ) {
    super(`Signature V4: ${reason}`);
    this.name = 'SigV4Error';
  }
}

/** What a verified request was signed with: S3's fake checks chunk signatures against it. */
export type SigV4Auth = {
  amzDate: string;
  scope: string;
  signingKey: Buffer;
  signature: string;
  payloadHash: string;
};

export function verifySigV4(request: SigV4Request, options: SigV4Options): SigV4Auth {
  const params = new Map(request.query);
  const presigned = options.presigned === true && params.has('X-Amz-Algorithm');
  let algorithm: string;
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let declared: string;
  if (presigned) {
    algorithm = params.get('X-Amz-Algorithm') ?? '';
    credential = params.get('X-Amz-Credential') ?? '';
    signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
    signature = params.get('X-Amz-Signature') ?? '';
    amzDate = params.get('X-Amz-Date') ?? '';
    declared = params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  } else {
    const authorization = request.header('authorization');
    if (!authorization) throw new SigV4Error('missing');
    const match = /^(\S+) Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(authorization);
    if (!match) throw new SigV4Error('malformed');
    [, algorithm = '', credential = '', signedHeaders = '', signature = ''] = match;
    amzDate = request.header('x-amz-date');
    declared = request.header('x-amz-content-sha256');
    if (!declared && options.requirePayloadHash) throw new SigV4Error('payload_hash_missing');
  }
  if (algorithm !== SIGV4_ALGORITHM) throw new SigV4Error('algorithm');
  const [accessKeyId, date = '', region, service, terminator] = credential.split('/');
  if (accessKeyId !== options.accessKeyId) throw new SigV4Error('unknown_key');
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === undefined || date !== amzDate.slice(0, 8) || terminator !== 'aws4_request') {
    throw new SigV4Error('bad_scope', { region, service });
  }
  if (service !== options.service) throw new SigV4Error('wrong_service', { region, service });
  if (region !== options.region) throw new SigV4Error('wrong_region', { region, service });
  if (presigned) {
    const expires = Number(params.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) throw new SigV4Error('bad_expires');
    if (Date.now() > signedAt + expires * 1000) throw new SigV4Error('expired');
  } else if (Math.abs(Date.now() - signedAt) > options.maxSkewMs) {
    throw new SigV4Error('skewed');
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host')) throw new SigV4Error('host_unsigned');
  let payloadHash = declared;
  if (request.body !== undefined) {
    const actual = sha256(request.body);
    if (declared && declared !== actual && declared !== 'UNSIGNED-PAYLOAD') throw new SigV4Error('payload_mismatch');
    payloadHash = declared || actual;
  }
  const canonicalHeaders = names
    .map((name) => `${name}:${request.header(name).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalQuery = request.query
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // Every service but S3 encodes the (already encoded) path segments a second time.
  const canonicalPath =
    options.service === 's3' ? request.rawPath : request.rawPath.split('/').map(rfc3986).join('/') || '/';
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = ['aws4_request', options.service, options.region, date].reduceRight<Buffer>(
    (key, part) => hmac(key, part),
    Buffer.from(`AWS4${options.secretAccessKey}`),
  );
  const expected = hmac(signingKey, stringToSign).toString('hex');
  if (!sameText(expected, signature)) throw new SigV4Error('mismatch');
  return { amzDate, scope, signingKey, signature, payloadHash };
}

/** `20240101T000000Z` → epoch milliseconds. */
function parseAmzDate(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

export const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();
export const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));
