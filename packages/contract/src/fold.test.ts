import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldVietnamese, VIETNAMESE_FOLD_FROM, VIETNAMESE_FOLD_TO } from './fold';

/** What SQL translate() does with the two strings, then lower(). */
const translate = (text: string) => [...text].map((ch) => {
  const at = [...VIETNAMESE_FOLD_FROM].indexOf(ch);
  return at < 0 ? ch : [...VIETNAMESE_FOLD_TO][at];
}).join('').toLowerCase();

describe('foldVietnamese', () => {
  it('drops accents and case', () => {
    expect(foldVietnamese('Cán bộ Chợ Hải An')).toBe('can bo cho hai an');
    expect(foldVietnamese('ĐÌNH LÀNG Ỷ LAN')).toBe('dinh lang y lan');
    expect(foldedIncludes('Loa chợ Hải An', 'cho hai an')).toBe(true);
    expect(foldedIncludes('Loa chợ Hải An', 'cho hai binh')).toBe(false);
  });

  it('folds the same in SQL translate() as in JavaScript, for every Vietnamese letter', () => {
    expect([...VIETNAMESE_FOLD_FROM]).toHaveLength([...VIETNAMESE_FOLD_TO].length);
    const all = `${VIETNAMESE_FOLD_FROM} Nguyễn Thị Hường, Ưu tiên, ĐẮK LẮK`;
    expect(translate(all)).toBe(foldVietnamese(all));
  });
});
