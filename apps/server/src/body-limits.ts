import { PROJECT_MAX_BYTES } from '@reelwright/core';

/**
 * How many bytes of body each kind of call may send. The app's default is small: most calls
 * carry a few fields. Routes that take more say so with `bodyLimit`; file uploads have their own
 * limits in their multipart and raw-body parsers.
 */
export const BODY_LIMITS = {
  /** Any call that does not say otherwise: credentials, ids, a keyword, a URL. */
  default: 64 * 1024,
  /** Calls without a session, whatever the route allows a member: refused before parsing. */
  visitor: 64 * 1024,
  /** A text to speak or transcribe (100,000 characters, escaped), settings, a preset, many media URLs. */
  large: 1024 * 1024,
  /** A project save or patch: the document as a JSON string, plus the envelope. */
  project: PROJECT_MAX_BYTES + 64 * 1024,
} as const;

/** "64 KB", "1 MB": a byte count for messages. */
export function formatByteLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
