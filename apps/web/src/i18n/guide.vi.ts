/** Vietnamese UI strings of the user guide's frame (its text is in features/guide/content.vi.ts). */
export const viGuide = {
  'guide.contents': 'Mục lục',
  'guide.search': 'Tìm trong hướng dẫn',
  'guide.noMatch': 'Không có mục nào chứa "{query}".',
  'guide.backToTop': 'Về mục lục',
  'guide.screenshot': 'Ảnh màn hình: {title}',
} as const;
