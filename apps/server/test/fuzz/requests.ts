import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { BODY_LIMITS } from '../../src/body-limits';
import {
  almostConforming,
  conforming,
  fieldsOf,
  jsonSchemaOf,
  NASTY_NUMBERS,
  nastyString,
  nested,
  numberFields,
  safeString,
} from './values';

/** One request the fuzz test sends: all of it printable, so a failure can be replayed by hand. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** A route as the fuzz test sees it: one method, its URL pattern and its zod schemas. */
export type FuzzTarget = { method: string; url: string; schema: RouteOptions['schema'] };

/**
 * Who sends the requests: a visitor, or the member whose real session `cookie` is and whose API
 * key `bearer` is (sent as `Authorization: Bearer`, so the public API's handlers are reached too).
 */
export type Caller = { kind: 'visitor' } | { kind: 'member'; cookie: string; bearer: string };

const bearerOf = (caller: Caller): Record<string, string> =>
  caller.kind === 'member' ? { authorization: `Bearer ${caller.bearer}` } : {};

/** Percent-encoding; a lone surrogate (which has no UTF-8) is sent as the raw `%ED%A0%80` instead. */
const encode = (text: string) =>
  text
    .split(/\p{Cs}/u)
    .map(encodeURIComponent)
    .join('%ED%A0%80');

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Raw query pieces a URL encoder would never make: broken escapes, an encoded NUL, a lone surrogate. */
const RAW_QUERY_PIECES = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AE', '%FF', 'a[b]=1', '=&=&'] as const;

/** Bodies that are not what they claim, or are hostile as JSON. */
const RAW_BODIES: readonly [contentType: string, body: string][] = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', '{"a":1,}'],
  ['application/json', '\u0000'],
  ['application/json', '"\\u0000"'],
  ['application/json', '{"__proto__":{"polluted":true}}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', `${'{"settings":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['application/json; charset=latin1', '{"a":"\u00e9"}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'],
  ['multipart/form-data', 'no boundary'],
  ['application/octet-stream', '\u0001\u0002\u0003'],
  ['audio/mpeg', 'not audio'],
];

/** Path parameter values: ordinary, numeric edge cases, and attempts to leave the folder or break the router. */
const pathValue = fc.oneof(
  safeString.map(encode),
  nastyString.map(encode),
  fc.constantFrom(...NASTY_NUMBERS.map(String)),
  fc.constantFrom('..', '%2e%2e', '%2F', '%00', '%', 'a.mp4', 'x'.repeat(40).concat('.jpg')),
);

function urlArbitrary(target: FuzzTarget, ids: readonly number[]): fc.Arbitrary<string> {
  const parts = target.url
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? pathValue : fc.constant(part)));
  const fields = fieldsOf(jsonSchemaOf(target.schema?.querystring));
  const queryValue = fc.oneof(
    conforming({ type: 'integer' }, ids).map(String),
    safeString,
    nastyString,
    fc.constantFrom(...NASTY_NUMBERS.map(String)),
  );
  const key = fields.length ? fc.oneof(fc.constantFrom(...fields), safeString) : safeString;
  const pair = fc.tuple(key, queryValue).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  const query = fc.array(fc.oneof({ weight: 4, arbitrary: pair }, fc.constantFrom(...RAW_QUERY_PIECES)), {
    maxLength: 4,
  });
  return fc.tuple(fc.tuple(...parts), query).map(([path, pieces]) => {
    const url = path.join('/');
    return pieces.length ? `${url}?${pieces.join('&')}` : url;
  });
}

function bodyArbitrary(target: FuzzTarget, ids: readonly number[]): fc.Arbitrary<[string, string] | undefined> {
  const schema = jsonSchemaOf(target.schema?.body);
  const json = (value: unknown): [string, string] => ['application/json', JSON.stringify(value) ?? 'null'];
  return fc.oneof(
    { weight: 4, arbitrary: almostConforming(schema, ids).map(json) },
    { weight: 2, arbitrary: conforming(schema, ids).map(json) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    fc.constantFrom(json(nested(65)), json({ big: 'x'.repeat(70 * 1024) }), json(nested(64, 'object'))),
    fc.constant(undefined),
  );
}

/** Cookies: the member's own (mostly), none, or broken ones. */
function cookieArbitrary(caller: Caller): fc.Arbitrary<string | undefined> {
  const broken = fc.oneof(
    nastyString.map((v) => `rw_session=${encode(v)}`),
    fc.constantFrom('rw_session=', 'rw_session', '=;;=', 'rw_session=%', `rw_session=${'a'.repeat(4000)}`),
  );
  if (caller.kind === 'visitor') return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, broken);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(caller.cookie) },
    fc.constant(`${caller.cookie}x`),
    broken.map((extra) => `${extra}; ${caller.cookie}`),
  );
}

/** Requests for one route: its method, filled-in path, a query, maybe a body, cookies and a few headers. */
export function requestArbitrary(
  target: FuzzTarget,
  caller: Caller,
  ids: readonly number[],
): fc.Arbitrary<FuzzRequest> {
  const body = METHODS_WITH_BODY.has(target.method) ? bodyArbitrary(target, ids) : fc.constant(undefined);
  const site = fc.constantFrom(undefined, 'same-origin', 'cross-site', 'none', 'same-site');
  const apiKey = fc.option(
    safeString.filter((v) => /^[\x21-\x7e]+$/.test(v)),
    { nil: undefined },
  );
  return fc
    .record({ url: urlArbitrary(target, ids), body, cookie: cookieArbitrary(caller), site, apiKey })
    .map(({ url, body, cookie, site, apiKey }) => {
      const headers: Record<string, string> = { ...bearerOf(caller) };
      if (cookie) headers.cookie = cookie;
      if (site) headers['sec-fetch-site'] = site;
      if (apiKey) headers['x-api-key'] = apiKey;
      if (body) headers['content-type'] = body[0];
      return { method: target.method, url, headers, ...(body ? { body: body[1] } : {}) };
    });
}

/** Body fields whose text is JSON the server parses itself (`data_json`, `diff`). */
const HOLDS_JSON = /(^|_)json$|^diff$/;

/** JSON text nested 50,000 levels (100 KB): parsed, it froze the event loop (issue 31). */
export const DEEP_JSON_TEXT = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;

/**
 * Fixed cases every route gets besides the random ones, from what the probe found: NUL
 * characters and lone surrogates in every text, ids past PostgreSQL's integer in every number
 * field, deep nesting (of the body, and of JSON inside a text field of an otherwise valid body),
 * and bodies past the limits.
 */
export function knownCases(target: FuzzTarget, caller: Caller): FuzzRequest[] {
  const headers: Record<string, string> =
    caller.kind === 'member' ? { cookie: caller.cookie, ...bearerOf(caller) } : {};
  const path = (value: string) => target.url.replaceAll(/:[^/]+|\*/g, value);
  const query = jsonSchemaOf(target.schema?.querystring);
  const withQuery = (pairs: string[]) => `${path('x')}?${pairs.join('&')}`;
  const get = (url: string): FuzzRequest => ({ method: target.method, url, headers });
  const cases = [
    get(path('%00')),
    get(withQuery(fieldsOf(query).map((field) => `${field}=a%00b`))),
    get(withQuery(fieldsOf(query).map((field) => `${field}=%ED%A0%80`))),
    ...numberFields(query).map((field) => get(withQuery([`${field}=2147483648`]))),
  ];
  if (!METHODS_WITH_BODY.has(target.method)) return cases;
  const body = jsonSchemaOf(target.schema?.body);
  const post = (value: unknown): FuzzRequest => ({
    method: target.method,
    url: target.url,
    headers: { ...headers, 'content-type': 'application/json' },
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });
  const everyField = (value: unknown) => Object.fromEntries(fieldsOf(body).map((field) => [field, value]));
  const [valid] = fc.sample(conforming(body, [1]), { seed: 1, numRuns: 1 });
  const innerJson = fieldsOf(body)
    .filter((field) => HOLDS_JSON.test(field))
    .map((field) => post({ ...(valid as object), [field]: DEEP_JSON_TEXT }));
  return [
    ...cases,
    ...innerJson,
    post(everyField('a\u0000b')),
    post(everyField('\ud800')),
    ...numberFields(body).map((field) => post({ [field]: 2_147_483_648 })),
    post(everyField(nested(2500))),
    // The probe's settings body: 10 KB, 5,000 levels.
    post(`${'{"settings":'.repeat(5000)}1${'}'.repeat(5000)}`),
    // Past the limit of every route but the project save's (and the visitors' limit for that one).
    post({ big: 'x'.repeat(BODY_LIMITS.large + 1024) }),
  ];
}

/** The request as `inject` takes it. */
export const injectOptions = (request: FuzzRequest): InjectOptions => ({
  method: request.method as InjectOptions['method'],
  url: request.url,
  headers: request.headers,
  ...(request.body !== undefined ? { payload: request.body } : {}),
});
