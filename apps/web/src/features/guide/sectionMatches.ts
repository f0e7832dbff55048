import { foldVietnamese as fold } from '@loa/contract';
import type { GuideSection } from './guideTypes';


/** Whether a section mentions every word of the query, ignoring case and Vietnamese accents. */
export function sectionMatches(section: GuideSection, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold([section.title, ...section.paragraphs, ...(section.steps ?? []), ...(section.tips ?? [])].join(' '));
  return words.every((word) => text.includes(word));
}
