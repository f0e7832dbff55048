import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadEnglish } from '../i18n/I18nProvider';

// `npm test` runs these beside the server suite (two workers, each with its database thread) on a
// 2-core machine: under that load a first render can take more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

// The console loads its English strings on first use; tests switch languages synchronously.
await loadEnglish();

// jsdom does not implement scrolling or media queries; the shell uses both.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// React reports markup the HTML parser would rebuild (a list inside a paragraph, a button inside a
// button) only as a console error, and a browser then shows something other than what was rendered:
// such an error fails the test that rendered it.
const nestingErrors: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (/cannot be a descendant of|cannot contain a nested|cannot be a child of/.test(text)) nestingErrors.push(text.split('\n')[0]!);
  consoleError(...args);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  const seen = nestingErrors.splice(0);
  if (seen.length > 0) throw new Error(`invalid HTML nesting rendered: ${seen.join('; ')}`);
});
