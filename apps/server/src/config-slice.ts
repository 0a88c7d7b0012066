/**
 * What a slice of the configuration is made of. Each area (the server itself, accounts, mail,
 * storage, each provider …) owns a `config.ts` next to its code with the environment variables it
 * reads: a zod schema per variable, with `.describe()` as its last call (the text of the
 * generated list in docs/operations.md) and, when the default is worked out at start from another
 * variable or the machine, `.meta({ defaultText })` saying what it is. `config.ts` composes the
 * slices; `scripts/env-doc.ts` writes the list.
 */
import { z } from 'zod';

/** A yes/no variable: `1`, `true` or `yes`; `0`, `false`, `no` or empty. */
export const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An http(s) address, such as a vendor's base URL (replaced for proxies and the test fakes). */
export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** One area's variables, by name. */
export type EnvShape = Record<string, z.ZodType>;

/** The parsed values of a slice's variables. */
export type EnvOf<S extends EnvShape> = z.output<z.ZodObject<S>>;

/** Where a slice reports a value it refuses after parsing (e.g. a variable that another one makes required). */
export type ConfigIssues = Pick<z.core.$RefinementCtx, 'addIssue'>;

/** The configuration in the environment is invalid; the message names each variable and why. */
export class ConfigError extends Error {}

/** A slice of the configuration as the generated list shows it. */
export type EnvSection = { title: string; env: EnvShape };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Several slices' variables in one shape; a name described twice is a mistake. */
export function mergeShapes<const S extends readonly EnvShape[]>(...shapes: S): UnionToIntersection<S[number]> {
  const merged: EnvShape = {};
  for (const shape of shapes) {
    for (const [name, schema] of Object.entries(shape)) {
      if (name in merged) throw new Error(`${name} is described in two configuration slices`);
      merged[name] = schema;
    }
  }
  return merged as UnionToIntersection<S[number]>;
}

/** The variables of all sections in one shape. */
export function mergeSections<const S extends readonly EnvSection[]>(
  sections: S,
): UnionToIntersection<S[number]['env']> {
  return mergeShapes(...sections.map((section) => section.env)) as UnionToIntersection<S[number]['env']>;
}
