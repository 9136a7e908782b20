import fc from 'fast-check';
import { type ApiRoute, type FieldSchema, fieldsOf, fillPath, pathParams } from './route-table.ts';
import { PASSWORD } from './user-fixtures.ts';

// Generators of strange input for the junk sweep: numbers at the edges of int4, float64 and JSON,
// strings holding NUL, lone surrogates, path traversal, SQL, very long text, arrays and booleans
// where a number is expected — mixed with plausible values, so a request gets past its first field
// and reaches the code behind the validation.

export const EDGE_NUMBERS = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  1e9,
  99_999_999_999,
  1e21,
  1e308,
  -1e308,
  0.5,
  1.5,
  -0.000001,
  Number.MIN_VALUE,
];

export const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e9',
  '2147483647',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '00000000000000000000001',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '+1',
  ' 7 ',
  '1,5',
  'true',
  'null',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u202egnp.exe',
  '\ufeff',
  'é',
  'Ŝ̷̡̛ǫ̶̛u̸̡k',
  '🙂👍🏾',
  '\u{10ffff}',
  'ç'.repeat(300),
  'a'.repeat(5_000),
  'x'.repeat(100_000),
];

/** Percent-encodings pasted as they are into a URL: NUL, invalid UTF-8, broken escapes, traversal. */
export const RAW_URL_FRAGMENTS = [
  '%00',
  'a%00b',
  '%',
  '%%',
  '%ZZ',
  '%C3%28',
  '%E9',
  '%F0%9F',
  '%ED%A0%80',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '..%2F..%2F',
  '%20',
  '+',
  '%3F%23',
];

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  fc.stringMatching(/^-?\d{1,25}$/),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
);

const junkScalar: fc.Arbitrary<unknown> = fc.oneof(junkNumber, junkString, fc.boolean(), fc.constant(null));

/** Arrays nested `depth` times, as JSON text: for parsers and validators that recurse. */
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Any JSON value a client could send where one field is expected. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.array(junkScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junkScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(JSON.parse(nestedJson(64)) as unknown, [[1]], { id: 1 }) },
);

/** Keys a client might add to a body or a query string: a price, a role, a prototype. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'price',
  'unit_price',
  'total_amount',
  'status',
  'role',
  'user_id',
  'id',
  'is_active',
  '',
  '\u0000',
];
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EXTRA_KEYS),
  fc.string({ maxLength: 12 }),
);

/** The guest cart the sweep's guests send (X-Session-ID). */
export const GUEST_SESSION = 'sweep-guest-session';
const SESSION_IDS = [GUEST_SESSION, 'guest-session-0001', 'abcdefgh'];

/** A value that could be right for a field, judged from its name and schema: reaches deeper code. */
export function plausibleValue(key: string, schema: FieldSchema = {}): fc.Arbitrary<unknown> {
  const enums = [schema, ...(schema.anyOf ?? [])].flatMap((s) => s.enum ?? []);
  if (enums.length) return fc.constantFrom(...enums);
  if (key === 'session_id') return fc.constantFrom(...SESSION_IDS);
  if (/(^|_)id$/.test(key)) return fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom('1', '2', '12'));
  if (key.includes('email') || key === 'identifier')
    return fc.constantFrom('client1@exemple.sn', 'Sweep.Client@Exemple.SN', 'sweep-new@exemple.sn');
  if (key.includes('phone')) return fc.constantFrom('+221 77 123 45 67', '221770000001', '+221 78 999 00 11');
  if (key.includes('password')) return fc.constantFrom(PASSWORD, 'nouveau-mot-de-passe', 'court');
  if (key === 'name') return fc.constantFrom('Aminata Diop', 'Moussa Fall', 'É');
  if (key === 'token') return fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
  if (key === 'quantity' || key.includes('page')) return fc.integer({ min: 1, max: 3 });
  if (key.includes('price')) return fc.integer({ min: 0, max: 30_000 });
  if (key === 'search') return fc.constantFrom('crème', 'musc', 'eau parfumée', 'a');
  const types = [schema, ...(schema.anyOf ?? [])].flatMap((s) => s.type ?? []);
  if (types.includes('integer') || types.includes('number')) return fc.integer({ min: 0, max: 50 });
  if (types.includes('boolean')) return fc.boolean();
  return fc.string({ unit: 'grapheme-ascii', maxLength: 12 });
}

/** One field of a body or query string: mostly junk, sometimes a plausible value. */
export const fieldValue = (key: string, schema?: FieldSchema) =>
  fc.oneof({ weight: 3, arbitrary: junkValue }, { weight: 2, arbitrary: plausibleValue(key, schema) });

/** `encodeURIComponent`, which cannot encode a lone surrogate: those go as invalid UTF-8. */
export function encodeUrlPart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (ch.isWellFormed() ? encodeURIComponent(ch) : '%ED%A0%80')).join('');
  }
}

/** A value as it can appear in a URL: a string, number or boolean written out, or raw escapes. */
export const urlValue = (key: string, schema?: FieldSchema): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fieldValue(key, schema).map((v) => encodeUrlPart(textOf(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_FRAGMENTS) },
  );

const textOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null || typeof value !== 'object'
      ? String(value)
      : JSON.stringify(value);

/** Bodies that are not a JSON object: a bare value, broken JSON, or another content type. */
export const oddBody: fc.Arbitrary<{ contentType: string; text: string }> = fc.oneof(
  junkValue.map((v) => ({ contentType: 'application/json', text: JSON.stringify(v) ?? 'null' })),
  fc
    .constantFrom(
      '',
      '{',
      '{"a":',
      'nul',
      '\u0000',
      '[1,2',
      '{"a":1}{"b":2}',
      '{"a":1,}',
      "{'a':1}",
      '\ufeff{}',
      `{"name":${nestedJson(100_000)}}`,
      `{"quantity":1e999999}`,
      `{"__proto__":{"role":"admin"}}`,
    )
    .map((text) => ({ contentType: 'application/json', text })),
  fc.constantFrom(
    { contentType: 'text/plain', text: 'quantity=2' },
    { contentType: 'application/x-www-form-urlencoded', text: 'product_id=1&quantity=2' },
    { contentType: 'application/json; charset=latin1', text: '{"name":"\u00e9"}' },
    { contentType: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n--x--' },
    // Broken forms: no boundary, cut off in a field or a file, a forbidden name, repeated fields.
    { contentType: 'multipart/form-data', text: 'name=Savon' },
    {
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nSav',
    },
    {
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="image_main"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff',
    },
    {
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n',
    },
    {
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nb\r\n--x--\r\n',
    },
    { contentType: 'multipart/form-data; boundary=x', text: 'garbage\u0000\u0001' },
    { contentType: 'application/xml', text: '<a/>' },
  ),
);

// ---- Whole requests ----

/** One generated request, printed as fast-check's counterexample when a check fails. */
export type Junk<Caller extends string = string> = {
  caller: Caller;
  url: string;
  sessionHeader: string | null;
  body: { contentType: string; text: string } | null;
};

/** Extra keys a client might add: a price, a role, a prototype. */
const extras = fc.array(fc.tuple(extraKey, junkValue), { maxLength: 2 });
const jsonObject = (entries: [string, unknown][]) => ({
  contentType: 'application/json',
  text: JSON.stringify(Object.fromEntries(entries)),
});

/**
 * A JSON object made from the schema's fields: either each one missing, junk or plausible, or all
 * plausible but one (junk or missing), which gets past the other checks to the code behind them.
 */
function objectBody(fields: Record<string, FieldSchema>) {
  const names = Object.keys(fields);
  const mixed = fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, fieldValue(name, fields[name])])), {
        requiredKeys: [],
      }),
      extras,
    )
    .map(([known, extra]) => jsonObject([...Object.entries(known), ...extra]));
  if (!names.length) return mixed;
  const plausible = fc.record(
    Object.fromEntries(names.map((name) => [name, plausibleValue(name, fields[name])])),
  );
  const oneJunk = fc
    .tuple(plausible, fc.constantFrom(...names), fc.option(junkValue, { freq: 4 }), extras)
    .map(([values, name, junk, extra]) =>
      jsonObject([
        ...Object.entries(values).filter(([key]) => key !== name),
        ...(junk === null ? [] : [[name, junk] as [string, unknown]]),
        ...extra,
      ]),
    );
  return fc.oneof(mixed, oneJunk);
}

/** `?a=1&a[]=x&…`: the schema's keys (repeated, as arrays) and extra keys, with junk values. */
function queryString(fields: Record<string, FieldSchema>): fc.Arbitrary<string> {
  const keys = Object.keys(fields);
  const key = keys.length
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...keys) },
        { weight: 1, arbitrary: fc.constantFrom(...keys).map((k) => `${k}[]`) },
        { weight: 1, arbitrary: extraKey },
      )
    : extraKey;
  const pair = key.chain((k) => {
    const name = k.replace(/\[\]$/, '');
    return urlValue(name, fields[name]).map((value) => `${encodeUrlPart(k)}=${value}`);
  });
  return fc
    .array(pair, { maxLength: keys.length ? 5 : 2 })
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/**
 * One request to `route`: its path parameters, query string and body made from its schemas, sent
 * by `caller`, with or without a guest cart header (X-Session-ID).
 */
export function junkRequest<Caller extends string>(
  route: ApiRoute,
  caller: fc.Arbitrary<Caller>,
): fc.Arbitrary<Junk<Caller>> {
  const params = fieldsOf(route.schema.params);
  const path = fc
    .tuple(...pathParams(route.url).map((name) => urlValue(name, params[name])))
    .map((values) => fillPath(route.url, values));
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return fc.record({
    caller,
    url: fc.tuple(path, queryString(fieldsOf(route.schema.querystring))).map(([p, q]) => p + q),
    sessionHeader: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constant(GUEST_SESSION) },
      { weight: 1, arbitrary: junkString.filter(isHeaderSafe) },
    ),
    body: hasBody
      ? fc.oneof(
          { weight: 6, arbitrary: objectBody(fieldsOf(route.schema.body)) },
          { weight: 2, arbitrary: oddBody },
          { weight: 1, arbitrary: fc.constant(null) },
        )
      : fc.constant(null),
  });
}

/** Header values travel as Latin-1 text without control characters. */
const isHeaderSafe = (value: string) => /^[\x20-\x7e]{1,200}$/.test(value);
