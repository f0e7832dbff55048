/**
 * Whether an error is a code chunk that could not be loaded: the network dropped, or a redeploy
 * removed the chunk the page still names. Browsers word it differently; Vite's preload helper says
 * "Unable to preload CSS" for a stylesheet.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i.test(error.message);
}
