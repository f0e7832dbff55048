import { describe, expect, it } from 'vitest';
import { findUnsafeText, isUnsafeText } from './text';

describe('text the database cannot store', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates (emoji) and ordinary Vietnamese through', () => {
    for (const bad of ['\u0000', 'a\ud800', '\udc00b', 'x\ud83dy', '\ude00\ud83d', 'loa\u202e3pm.exe', '\u202aA', '\u2066B\u2069']) expect(isUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'Xã Đông Hà', '📢 Khẩn', '\ud83d\ude00', 'a\u200fb']) expect(isUnsafeText(good), good).toBe(false);
  });

  it('answers the path of the first unsafe text in values and keys, and skips what is not parsed data', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnsafeText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findUnsafeText({ a: 1, b: null, c: ['ok'] })).toBeNull();
    expect(findUnsafeText(new Uint8Array([0, 0xed, 0xa0, 0x80]))).toBeNull();
    // Query parsers build objects on a prototype-less prototype for speed.
    function Empty() { /* a bare prototype */ }
    Empty.prototype = Object.create(null) as object;
    const query = Object.assign(Object.create(Empty.prototype as object) as Record<string, unknown>, { q: 'a\u0000' });
    expect(findUnsafeText(query)).toEqual(['q']);
  });
});
