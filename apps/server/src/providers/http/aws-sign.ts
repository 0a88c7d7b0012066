/**
 * AWS Signature V4, the one signer of the server's AWS calls (Polly's REST calls, Transcribe's
 * JSON ones), with the SDK team's standalone signer (@smithy/signature-v4) and SHA-256 from
 * node:crypto.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer | string =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The `Checksum` the signer expects: SHA-256, or HMAC-SHA-256 when given a secret. */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string };

/**
 * Returns the headers to send with a request to `url`: the given ones plus `x-amz-date` and
 * `authorization` (the host is signed but left for fetch to set).
 */
export async function signedHeaders(options: {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  region: string;
  credentials: AwsCredentials;
  /** The signing service: `polly`, `transcribe` … */
  service: string;
}): Promise<Record<string, string>> {
  const { url } = options;
  const signer = new SignatureV4({
    service: options.service,
    region: options.region,
    credentials: options.credentials,
    sha256: NodeSha256,
    applyChecksum: false,
  });
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  const signed = await signer.sign({
    method: options.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query,
    headers: { ...options.headers, host: url.host },
    body: options.body,
  });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  return headers;
}
