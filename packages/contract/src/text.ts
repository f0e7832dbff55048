/**
 * Input rules for text (issue #15, audit/validation area). PostgreSQL cannot store NUL in text
 * and refuses a lone UTF-16 surrogate in JSON, so such text is refused where it enters (400),
 * before anything is written, instead of failing half-way through a change.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): no
 * Vietnamese text needs them, and in a name they make "loa-xa-A.mp3" display as something else
 * (issue #27). Marks that only hint direction (U+200E, U+200F) stay allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** Whether a text holds a NUL, a lone surrogate or a bidirectional control. */
export const isUnsafeText = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text) || BIDI_CONTROL.test(text);

/** Deep enough for any request body the API takes; deeper nesting is refused as unsafe. */
const MAX_DEPTH = 32;

/**
 * The path of the first text (a string value or an object key) that cannot be stored, or null when
 * every text in the value is safe. Walks plain objects and arrays.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  // Only parsed data: arrays and plain objects, including the prototype-less ones query parsers
  // make (whose prototype may itself have a null prototype); a stream or a buffer body is not text.
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
  if (!Array.isArray(value) && !plain) return null;
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnsafeText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isUnsafeText(key)) return [...path, key];
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
