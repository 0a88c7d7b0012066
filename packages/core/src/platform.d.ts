/**
 * The platform globals core may use: all exist in every browser and in Node ≥ 20. Declared here
 * so core compiles without DOM or Node types (it must use neither); only what core uses.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var crypto: {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
};
declare class URL {
  constructor(url: string, base?: string);
  static canParse(url: string, base?: string): boolean;
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly origin: string;
  readonly searchParams: URLSearchParams;
}
declare class URLSearchParams {
  constructor(init?: Record<string, string>);
  get(name: string): string | null;
  has(name: string): boolean;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
