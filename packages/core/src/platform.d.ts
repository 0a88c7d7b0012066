/**
 * The two platform globals core may use: both exist in every browser and in Node ≥ 20.
 * Declared here so core compiles without DOM or Node types (it must use neither).
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var crypto: {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
};
