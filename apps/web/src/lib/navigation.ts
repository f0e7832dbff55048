/** Full page navigation (reloads the app); a seam so tests can observe it. */
export const hardNavigation = {
  go(path: string): void {
    window.location.assign(path);
  },
};

/** Keeps a post-login target inside this app (no open redirects). */
export function safeInternalPath(path: unknown, fallback: string): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/login')) return fallback;
  return path;
}
