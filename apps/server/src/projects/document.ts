import { JsonPatchSchema, PROJECT_MAX_BYTES, type ProjectData, upgradeProjectData } from '@reelwright/core';
import { applyPatch, type Operation } from 'rfc6902';
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
  const unstorable = findUnstorableJson(raw);
  if (unstorable) throw badRequest(`${field}: ${unstorable}`, field, 'invalid_document');
  const upgraded = upgradeProjectData(raw);
  if (!upgraded.ok) {
    const [issue] = upgraded.issues;
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${field}: ${where}${issue?.message ?? 'invalid project'}`, field, 'invalid_document');
  }
  const bytes = Buffer.byteLength(JSON.stringify(upgraded.data));
  if (bytes > PROJECT_MAX_BYTES) throw tooLarge(tooLargeMessage(bytes));
  return upgraded.data;
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
 * Applies operations to `document` in place, one at a time so the first failure is named (a
 * failed `test` included), and returns it. Throws a 409 'patch_failed'. The caller owns the
 * document (a save's fresh read), so no copy is made: a copy cost as much as the patch.
 */
export function applyProjectPatch(document: unknown, operations: readonly Operation[]): unknown {
  for (const [index, operation] of operations.entries()) {
    let failure: string | null;
    try {
      failure = applyPatch(document, [operation])[0]?.message ?? null;
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
  return document;
}
