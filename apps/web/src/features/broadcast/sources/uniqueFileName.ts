/** The stored name of an uploaded file: timestamp + random hex + original name (spec §9). */
export function uniqueFileName(originalName: string, now: number = Date.now(), randomBytes: Uint8Array = crypto.getRandomValues(new Uint8Array(8))): string {
  const hex = Array.from(randomBytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${now}${hex}${originalName}`;
}
