/**
 * A sort key that orders Vietnamese text as a dictionary does (a ă â b c d đ e ê …, then tones
 * ngang, huyền, hỏi, ngã, sắc, nặng) when compared byte by byte (SQL `COLLATE "C"`). Databases
 * without an ICU Vietnamese collation (PGlite) can then page through names in the right order.
 */
const ALPHABET = 'aăâbcdđeêfghijklmnoôơpqrstuưvwxyz';
const MODIFIERS: Record<string, Record<string, string>> = {
  '\u0306': { a: 'ă' },
  '\u0302': { a: 'â', e: 'ê', o: 'ô' },
  '\u031b': { o: 'ơ', u: 'ư' },
};
const TONES: Record<string, number> = { '\u0300': 1, '\u0309': 2, '\u0303': 3, '\u0301': 4, '\u0323': 5 };

export function vietnameseSortKey(text: string): string {
  const letters: string[] = [];
  const tones: number[] = [];
  for (const ch of text.toLowerCase().normalize('NFD')) {
    const last = letters.length - 1;
    if (MODIFIERS[ch] && last >= 0) {
      letters[last] = MODIFIERS[ch][letters[last]] ?? letters[last];
    } else if (TONES[ch] !== undefined && last >= 0) {
      tones[last] = TONES[ch];
    } else if (!/\p{M}/u.test(ch)) {
      letters.push(ch);
      tones.push(0);
    }
  }
  const primary = letters.map((c) => {
    const i = ALPHABET.indexOf(c);
    return i >= 0 ? String.fromCharCode(0x41 + i) : c;
  });
  return `${primary.join('')}\u0001${tones.join('')}`;
}
