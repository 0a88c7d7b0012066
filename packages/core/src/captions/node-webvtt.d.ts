/** The part of node-webvtt (no types of its own) the caption tests use to check our WebVTT. */
declare module 'node-webvtt' {
  type ParsedCue = { identifier: string; start: number; end: number; text: string; styles: string };
  export function parse(input: string, options?: { strict?: boolean }): { valid: boolean; cues: ParsedCue[] };
}
