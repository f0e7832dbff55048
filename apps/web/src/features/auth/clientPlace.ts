/** What the login sends as DiaDiem: the browser's time zone, or 'Không xác định' when unknown. */
export function clientPlace(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Không xác định';
  } catch {
    return 'Không xác định';
  }
}
