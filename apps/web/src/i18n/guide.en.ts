import type { viGuide } from './guide.vi';

/** English UI strings of the user guide's frame. */
export const enGuide: Record<keyof typeof viGuide, string> = {
  'guide.contents': 'Contents',
  'guide.search': 'Search the guide',
  'guide.noMatch': 'No section mentions "{query}".',
  'guide.backToTop': 'Back to contents',
  'guide.screenshot': 'Screenshot: {title}',
};
