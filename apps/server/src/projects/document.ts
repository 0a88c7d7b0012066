import { createHash } from 'node:crypto';
import {
  canonicalJson,
  FrameSchema,
  JsonPatchSchema,
  type KnownTexts,
  PROJECT_MAX_BYTES,
  type ProjectData,
  upgradeProjectData,
} from '@reelwright/core';
import { applyPatch, type Operation, Pointer } from 'rfc6902';
import { findUnstorableJson } from '../db/jsonb';
import { badRequest, conflict, tooLarge } from '../errors';
import { JSON_BODY_MAX_DEPTH, nestsDeeperThan } from '../plugins/json-text';

/** Pointer tokens that reach into a JavaScript object's prototype instead of its data. */
const PROTOTYPE_TOKENS = new Set(['__proto__', 'constructor', 'prototype']);

const tooLargeMessage = (bytes: number) =>
  `The project is ${bytes} bytes; the limit is ${PROJECT_MAX_BYTES}. Remove some slides or media and try again.`;

/**
 * Measures how deep JSON held in a string field nests, by one pass over the text before it is
 * parsed (issue 31), so a hostile value costs no parse, no deep walk and no error naming a path
 * thousands of keys long. Real documents nest about 10 levels. (The size is bounded before: by
 * PROJECT_MAX_BYTES for `data_json`, by the route's body limit for `diff`.)
 */
function refuseDeepJson(json: string, field: 'data_json' | 'diff'): void {
  if (nestsDeeperThan(json, JSON_BODY_MAX_DEPTH)) {
    throw badRequest(`${field} nests deeper than ${JSON_BODY_MAX_DEPTH} levels.`, field, 'too_deep');
  }
}

/**
 * Parses the `data_json` of a save: JSON, within the size and depth limits, upgraded to the
 * current schema version and valid. Throws a 400 naming `data_json` (or a 413) otherwise.
 */
export function parseProjectDocument(json: string): ProjectData {
  const bytes = Buffer.byteLength(json);
  if (bytes > PROJECT_MAX_BYTES) throw tooLarge(tooLargeMessage(bytes));
  refuseDeepJson(json, 'data_json');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw badRequest(`data_json is not valid JSON: ${(error as Error).message}`, 'data_json', 'bad_json');
  }
  return validateProjectDocument(raw, 'data_json');
}

/**
 * Upgrades and validates a document; `field` is the input it came from, for the message. Also
 * refuses what jsonb cannot store and anything over the size limit once upgraded.
 */
export function validateProjectDocument(raw: unknown, field: 'data_json' | 'diff'): ProjectData {
  const data = upgradeAndValidate(raw, field);
  assertWithinSize(Buffer.byteLength(JSON.stringify(data)));
  return data;
}

function upgradeAndValidate(raw: unknown, field: 'data_json' | 'diff'): ProjectData {
  const unstorable = findUnstorableJson(raw);
  if (unstorable) throw badRequest(`${field}: ${unstorable}`, field, 'invalid_document');
  const upgraded = upgradeProjectData(raw);
  if (!upgraded.ok) {
    const [issue] = upgraded.issues;
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${field}: ${where}${issue?.message ?? 'invalid project'}`, field, 'invalid_document');
  }
  return upgraded.data;
}

function assertWithinSize(bytes: number): void {
  if (bytes > PROJECT_MAX_BYTES) throw tooLarge(tooLargeMessage(bytes));
}

/** Parses the `diff` string of a patch call into RFC 6902 operations; a 400 naming `diff` if it is not. */
export function parsePatch(diff: string): Operation[] {
  refuseDeepJson(diff, 'diff');
  let raw: unknown;
  try {
    raw = JSON.parse(diff);
  } catch (error) {
    throw badRequest(`diff is not valid JSON: ${(error as Error).message}`, 'diff', 'bad_patch');
  }
  const parsed = JsonPatchSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? `operation ${issue.path.join('.')}: ` : '';
    throw badRequest(
      `diff must be a JSON array of RFC 6902 operations; ${where}${issue?.message ?? 'invalid'}`,
      'diff',
      'bad_patch',
    );
  }
  const operations = parsed.data as Operation[];
  for (const [index, operation] of operations.entries()) {
    const pointers = 'from' in operation ? [operation.path, operation.from] : [operation.path];
    if (pointers.some((pointer) => pointer.split('/').some((token) => PROTOTYPE_TOKENS.has(token)))) {
      throw badRequest(
        `diff: operation ${index} names a reserved key (__proto__, constructor, prototype)`,
        'diff',
        'bad_patch',
      );
    }
  }
  return operations;
}

/**
 * Applies operations to a copy of `document` that shares every part they leave alone, and returns
 * the copy: before each operation, the objects and arrays on its way are copied (a patch of one
 * line copies a few small objects, not the document), so `document` itself never changes and may
 * be one this process keeps (stored-documents.ts). One operation at a time, so the first failure
 * is named (a failed `test` included). Throws a 409 'patch_failed'.
 */
export function applyProjectPatch(document: unknown, operations: readonly Operation[]): unknown {
  const copy = { root: document };
  const copied = new WeakSet<object>();
  for (const [index, operation] of operations.entries()) {
    let failure: string | null;
    try {
      if (operation.op !== 'test') copyOnTheWay(copy, operation.path, copied);
      if (operation.op === 'move') copyOnTheWay(copy, operation.from, copied);
      failure = applyPatch(copy.root, [operation])[0]?.message ?? null;
    } catch (error) {
      // The library throws when a path walks through a string or number, for example.
      failure = (error as Error).message;
    }
    if (failure) {
      throw conflict(
        `Patch operation ${index} (${operation.op} ${operation.path}) does not apply: ${failure}`,
        'patch_failed',
      );
    }
  }
  return copy.root;
}

/**
 * Replaces each object or array a pointer passes through (the root, and every one up to its
 * last token's parent, which the operation changes) by a shallow copy, unless this patch made
 * it. Stops where the way ends; the operation then names what is missing.
 */
function copyOnTheWay(copy: { root: unknown }, pointer: string, copied: WeakSet<object>): void {
  const tokens = Pointer.fromJSON(pointer).tokens;
  let holder = copy as Record<string, unknown>;
  let key = 'root';
  for (let depth = 1; depth < tokens.length; depth++) {
    const value = holder[key];
    if (value === null || typeof value !== 'object') return;
    let own = value as Record<string, unknown>;
    if (!copied.has(own)) {
      own = (Array.isArray(value) ? value.slice() : { ...value }) as Record<string, unknown>;
      copied.add(own);
      holder[key] = own;
    }
    holder = own;
    key = tokens[depth] as string;
  }
}

/**
 * The indices of the frames a patch changes, when all it changes is inside existing frames (the
 * common autosave: a line typed, an item moved) or a whole frame replaced; null when it touches
 * anything else (the frame list, the movie's settings, the wizard), or a frame that is not there.
 */
export function framesChanged(operations: readonly Operation[], frameCount: number): Set<number> | null {
  const changed = new Set<number>();
  for (const operation of operations) {
    if (operation.op === 'test') continue;
    const pointers = operation.op === 'move' ? [operation.path, operation.from] : [operation.path];
    for (const pointer of pointers) {
      const [, video, frames, index, inside] = Pointer.fromJSON(pointer).tokens;
      if (video !== 'video' || frames !== 'frames' || !index || !/^(0|[1-9]\d*)$/.test(index)) return null;
      if (Number(index) >= frameCount) return null;
      // A whole frame added, removed or moved shifts the others.
      if (inside === undefined && operation.op !== 'replace') return null;
      changed.add(Number(index));
    }
  }
  return changed;
}

/** The frames' canonical texts, by identity: a kept document's frames are never changed. */
const frameTexts: KnownTexts = new WeakMap();

/** A document's canonical text (what its hash is of, and what is stored), its frames' texts kept. */
export function documentText(data: ProjectData): string {
  for (const frame of data.video.frames) {
    if (!frameTexts.has(frame)) frameTexts.set(frame, canonicalJson(frame));
  }
  return canonicalJson(data, frameTexts);
}

/**
 * The hash of a document's canonical text: core's `sha256Hex` (what the client sends), with
 * Node's hash in the request's thread instead of WebCrypto's round trip through the thread pool.
 */
export function documentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A patched document, valid, its canonical text and that text's size in bytes. */
export type PatchedDocument = { data: ProjectData; text: string; bytes: number };

/**
 * Patches a stored document and validates the result, with its canonical text. `base.valid`
 * says the document is one this process validated and keeps unchanged: then a patch that changes
 * only some frames validates only those frames (the rest are the kept, valid ones); otherwise the
 * whole document is upgraded and validated. 400 naming `diff` when the result is not valid, 413
 * when it is too large, 409 when the patch does not apply.
 */
export function patchProjectDocument(
  base: { data: unknown; valid: boolean },
  operations: readonly Operation[],
): PatchedDocument {
  const patched = applyProjectPatch(base.data, operations);
  const changed = base.valid ? framesChanged(operations, (base.data as ProjectData).video.frames.length) : null;
  const data = changed ? validateChangedFrames(patched as ProjectData, changed) : upgradeAndValidate(patched, 'diff');
  const text = documentText(data);
  const bytes = Buffer.byteLength(text);
  assertWithinSize(bytes);
  return { data, text, bytes };
}

/**
 * Validates the changed frames of a patched copy of a valid document, in place (the copy owns its
 * frame list), as the whole document's validation would and with the same messages.
 */
function validateChangedFrames(document: ProjectData, changed: ReadonlySet<number>): ProjectData {
  const frames = document.video.frames;
  for (const index of changed) {
    const at = ['video', 'frames', index];
    const unstorable = findUnstorableJson(frames[index], at);
    if (unstorable) throw badRequest(`diff: ${unstorable}`, 'diff', 'invalid_document');
    const parsed = FrameSchema.safeParse(frames[index]);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const where = [...at, ...(issue?.path ?? [])].join('.');
      throw badRequest(`diff: ${where}: ${issue?.message ?? 'invalid frame'}`, 'diff', 'invalid_document');
    }
    frames[index] = parsed.data;
  }
  return document;
}
