/**
 * Search that ignores Vietnamese accents and case ("cho hai an" finds "Chợ Hải An"): text is folded
 * to unaccented lower case on both sides. The console folds in JavaScript; the server folds columns
 * in SQL with translate() over the same letters (VIETNAMESE_FOLD_FROM → VIETNAMESE_FOLD_TO), which
 * PGlite and PostgreSQL both have, with no extension.
 */
const BASES: [string, string][] = [['a', 'a'], ['ă', 'a'], ['â', 'a'], ['e', 'e'], ['ê', 'e'], ['i', 'i'], ['o', 'o'], ['ô', 'o'], ['ơ', 'o'], ['u', 'u'], ['ư', 'u'], ['y', 'y']];
/** No tone, grave, acute, hook above, tilde, dot below. */
const TONES = ['', '\u0300', '\u0301', '\u0309', '\u0303', '\u0323'];

function foldTable(): { from: string; to: string } {
  let from = 'đĐ';
  let to = 'dD';
  for (const [base, plain] of BASES) {
    for (const tone of TONES) {
      const letter = (base + tone).normalize('NFC');
      if (letter === plain) continue;
      from += letter + letter.toUpperCase();
      to += plain + plain.toUpperCase();
    }
  }
  return { from, to };
}

const TABLE = foldTable();
/** Every accented Vietnamese letter, lower and upper case (for SQL translate()). */
export const VIETNAMESE_FOLD_FROM = TABLE.from;
/** The plain letter of each one, same case, same order. */
export const VIETNAMESE_FOLD_TO = TABLE.to;

/** Unaccented lower case: "Cán bộ Chợ Hải An" → "can bo cho hai an". */
export function foldVietnamese(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/** Whether `text` holds `query`, accents and case aside; an empty query matches everything. */
export function foldedIncludes(text: string, query: string): boolean {
  return foldVietnamese(text).includes(foldVietnamese(query.trim()));
}
