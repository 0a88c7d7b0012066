import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values for the fuzz test: what a schema expects (so requests get past validation and reach the
 * code behind it) and what it does not (NUL characters, ids past PostgreSQL's integer, deep
 * nesting, wrong types). Nothing generated looks like a web address or names a folder of this
 * machine: the app must never reach the network from a test, and a path in an answer must be
 * one the app leaked, not one we sent.
 */

/** A generated string must not start a fetch (no scheme) nor look like a leaked path. */
const harmless = (text: string) => !/https?:|\/\/|\/(work|tmp|root|home|usr)\b|node_modules|Error:|\bat /i.test(text);

export const safeString = fc.string({ unit: 'binary', maxLength: 24 }).filter(harmless);

/** Strings the server has answered badly before, or that often break parsers and queries. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  '../../../etc/passwd',
  "' or '1'='1",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '',
  ' ',
  'x'.repeat(5000),
  '\u202e\u0645',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e400',
  '2147483648',
  '99999999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
] as const;

/** Numbers past what an `integer` column holds, or not whole, or not finite in JSON (1e400). */
export const NASTY_NUMBERS = [0, -1, 1.5, 2_147_483_648, 4_294_967_296, 2 ** 53, -2_147_483_649, 1e308] as const;

/** `[[[…]]]` (or `{"a":{"a":…}}`) nested `depth` levels deep. */
export function nested(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const nastyString = fc.constantFrom(...NASTY_STRINGS);
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double({ noNaN: true }));

/** Any JSON value, weighted towards trouble. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    safeString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(nested(40), nested(40, 'object')),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(safeString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};

/** The JSON Schema of a route's zod schema (input side), or undefined when it has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The top-level field names a schema declares. */
export const fieldsOf = (schema: JsonSchema | undefined): string[] => Object.keys(schema?.properties ?? {});

/** The top-level fields that take a number (ids among them). */
export const numberFields = (schema: JsonSchema | undefined): string[] =>
  Object.entries(schema?.properties ?? {})
    .filter(([, property]) => [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat().some(isNumeric))
    .map(([field]) => field);

const isNumeric = (type: unknown) => type === 'number' || type === 'integer';

/**
 * Values shaped like the schema wants, with `ids` for numbers (so real rows are reached);
 * anything the schema does not describe gets a nasty value.
 */
export function conforming(schema: JsonSchema | undefined, ids: readonly number[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nastyValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => conforming(s, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'email' ? fc.constantFrom('fuzz@example.test', 'x@y.test') : safeString;
    case 'number':
    case 'integer':
      return fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 0, max: 100 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(conforming(schema.items, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, conforming(value, ids, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return nastyValue;
  }
}

/** Like `conforming`, but with one field (top level) replaced by a nasty value, or the whole value. */
export function almostConforming(schema: JsonSchema | undefined, ids: readonly number[]): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  return fc.tuple(conforming(schema, ids), fc.nat(), nastyValue).map(([value, pick, bad]) => {
    if (fields.length === 0 || value === null || typeof value !== 'object') return bad;
    return { ...(value as object), [fields[pick % fields.length] as string]: bad };
  });
}
