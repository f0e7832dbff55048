import fc from 'fast-check';

/** The part of an OpenAPI 3 schema object (as @fastify/swagger prints zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Values the server already knows (real ids, keys, names), so generated requests reach past "not found". */
export interface KnownValues {
  strings: string[];
  /** The ids of the kind of object the operation is about (its devices, its schedules...), drawn more often. */
  preferred?: string[];
}

function knownString(known: KnownValues): fc.Arbitrary<string> {
  const all = known.strings.length ? fc.constantFrom(...known.strings) : fc.constant('x');
  return known.preferred?.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known.preferred) }, { weight: 1, arbitrary: all }) : all;
}

/**
 * A generated string never makes the server fetch anything outside 127.0.0.1: any string that reads
 * as a URL to another host becomes a closed port on 127.0.0.1 (relay sources, webhooks, TTS).
 */
export function keepLocal(value: string): string {
  try {
    const url = new URL(value.trim());
    if (url.hostname === '127.0.0.1' && (url.port === '1' || url.port === '9')) return value;
    if (/^(https?|wss?|ftp|rtsp|rtmp):$/i.test(url.protocol)) return 'http://127.0.0.1:1/fuzz';
  } catch {
    /* not a URL */
  }
  return value;
}

const ODD_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83dy', '\udc00\ud800', '\ufeff', '\u202e', '\r\n', '\t',
  '%00', '%', '%zz', '../../../etc/passwd', '..\\..\\win.ini', '<script>alert(1)</script>', "' OR 1=1 --", '"; DROP TABLE users; --',
  '{{7*7}}', '${7*7}', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0', '1e309', '9007199254740993', '0x10', 'true',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'Tiếp Sóng', 'FILE', 'Tổng Hợp Giọng Nói',
  'javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,hi', 'http://127.0.0.1:1/', 'https://127.0.0.1:9/x.mp3',
  'http://[::1', 'ws://127.0.0.1:1', 'admin', 'ADMIN', 'quanlytaikhoan', 'duyetlichphat', 'huyen', 'xa', 'tinh',
  'nguoidung', 'canbo', 'quantri', 'telegram', 'webhook', 'espeak', 'offline', '2026-01-01', '2026-02-30T25:61:00Z',
  '1970-01-01T00:00:00Z', '9999-12-31',
  // Days that do not exist (issue #27: 2026-02-30 answered 500 in the as-run record and taolichphat).
  '2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-00-00', '2026-02-30T07:00:00', 'audio/x.mp3', 'audio/../../x', '/media/audio/x.mp3', 'a'.repeat(257),
];

const HUGE_TEXT = ['x'.repeat(70_000), 'ệ'.repeat(5_000), '\ud800'.repeat(2_000), '\u0000'.repeat(2_000)];

const EDGE_NUMBERS = [
  0, -0, 1, -1, 0.5, -0.5, 1e-300, 59, 60, 3599, 3600, 86399, 86400, 86401, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32,
  Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e21, 1e300, -1e300, Number.MAX_VALUE,
  -Number.MAX_VALUE, Number.MIN_VALUE, 1.7976931348623157e308,
];

/** Odd text: fixed nasty strings, generated Unicode with lone surrogates and NUL mixed in, sometimes huge. */
export function oddString(known: KnownValues): fc.Arbitrary<string> {
  const mixed = fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\u0000', '\u0001', '\u2028', '\uffff', ''), fc.string({ unit: 'binary', maxLength: 20 }))
    .map(([a, b, c]) => a + b + c);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ODD_TEXT) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 3, arbitrary: mixed },
    { weight: 3, arbitrary: knownString(known) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) },
  ).map(keepLocal);
}

export function edgeNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(...EDGE_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** An object whose own keys include prototype names (JSON keeps them as plain keys; the server must too). */
function prototypeKeyed(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.subarray(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '__defineGetter__'], { minLength: 1 }), value)
    .map(([keys, v]) => Object.fromEntries(keys.map((k) => [k, k === 'constructor' ? { prototype: { isAdmin: true } } : v])));
}

/** Nested arrays and objects deeper than any schema expects. */
export function deepNesting(): fc.Arbitrary<unknown> {
  return fc.tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean()).map(([depth, arrays]) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i += 1) v = arrays ? [v] : { a: v };
    return v;
  });
}

/** Any JSON value, mostly of the wrong shape for whatever the schema expects. */
export function wrongValue(known: KnownValues): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(oddString(known), edgeNumber(), fc.boolean(), fc.constant(null));
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 2, arbitrary: fc.dictionary(oddString(known), leaf, { maxKeys: 4 }) },
    { weight: 1, arbitrary: prototypeKeyed(leaf) },
    { weight: 1, arbitrary: deepNesting() },
    { weight: 1, arbitrary: fc.array(fc.constant('x'), { minLength: 1_000, maxLength: 3_000 }) },
  );
}

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A value close to what `schema` accepts: right type, lengths and ranges stretched to the edges. */
function nearValue(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => valueFor(s, known, depth)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const t = types(schema).filter((x) => x !== 'null');
  const kind = t[0];
  switch (kind) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, 300);
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }) },
        { weight: 4, arbitrary: knownString(known) },
        { weight: 1, arbitrary: fc.constantFrom('x'.repeat(Math.max(min, max)), 'x'.repeat(max + 1), 'ệ'.repeat(Math.max(min, max))) },
        { weight: 3, arbitrary: oddString(known) },
      ).map(keepLocal);
    }
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? -1e6;
      const hi = schema.maximum ?? 1e6;
      const bounded = kind === 'integer'
        ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
        : fc.double({ min: Math.max(lo, -1e12), max: Math.min(hi, 1e12), noNaN: true });
      return fc.oneof(
        { weight: 3, arbitrary: bounded },
        { weight: 2, arbitrary: fc.constantFrom(lo, hi, lo - 1, hi + 1, Math.floor(lo) + 0.5) },
        { weight: 2, arbitrary: edgeNumber() },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(valueFor(items, known, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) }) },
        { weight: 1, arbitrary: fc.array(valueFor(items, known, depth + 1), { minLength: (schema.maxItems ?? 100) + 1, maxLength: (schema.maxItems ?? 100) + 3 }) },
      );
    }
    case 'object':
      return objectFor(schema, known, depth);
    default:
      return wrongValue(known);
  }
}

/** An object for `schema`: each property present or missing, sometimes wrong, plus extra and prototype keys. */
export function objectFor(schema: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, sub]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(
        { weight: required.has(name) ? 9 : 5, arbitrary: fc.constant('present' as const) },
        { weight: required.has(name) ? 1 : 5, arbitrary: fc.constant('missing' as const) },
      ),
      valueFor(sub, known, depth + 1),
    ));
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: fc.dictionary(fc.oneof(oddString(known), fc.constantFrom('admin_id', 'idAdmin', 'loaitaikhoan', 'quyenhan', 'id', '_id')), wrongValue(known), { maxKeys: 3 }) },
    { weight: 1, arbitrary: prototypeKeyed(wrongValue(known)) },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = Object.fromEntries(entries.filter(([, state]) => state === 'present').map(([name, , v]) => [name, v]));
    for (const [k, v] of Object.entries(more)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** A value for `schema`: mostly near what it accepts, sometimes of the wrong type entirely. */
export function valueFor(schema: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.oneof(fc.constant(null), fc.string({ maxLength: 5 }), fc.integer());
  return fc.oneof(
    { weight: 6, arbitrary: nearValue(schema, known, depth) },
    { weight: 1, arbitrary: wrongValue(known) },
    { weight: schema.nullable ? 1 : 0, arbitrary: fc.constant(null) },
  );
}

/** A request body that is not what a JSON route expects: broken, deep, or of another content type. */
export function rawBody(): fc.Arbitrary<{ text: string; contentType: string | undefined }> {
  const texts = fc.oneof(
    fc.constantFrom('{', '{"a":', '[', 'nul', '{"a":1}{"b":2}', '"\\ud800"', '{"\\u0000":1}', '{"__proto__":{"x":1}}', '1e999',
      '{"a":1e999999}', '', ' ', '\u0000', '[' .repeat(20_000) + ']'.repeat(20_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      JSON.stringify({ x: 'y'.repeat(1_200_000) })),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  const types = fc.constantFrom<string | undefined>('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded',
    'multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream', undefined, 'application/json; charset=latin1', 'image/svg+xml');
  return fc.record({ text: texts, contentType: types });
}

/** A string as it travels in a query or a path segment: encoded, or raw percent sequences a browser would not send. */
export function urlPiece(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(oddString(known), edgeNumber().map(String)).map(encodePiece) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%2e%2e', '..', '%2F..%2F', '%FF%FE', 'a%20b', '%E2%80%AE', '%u0000') },
  );
}

/** encodeURIComponent that also carries lone surrogates (as the bytes a careless client would send). */
export function encodePiece(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const code = ch.charCodeAt(0);
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}
