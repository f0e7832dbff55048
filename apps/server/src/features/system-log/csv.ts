import { formatLoginActivity } from '@loa/contract';

/** One CSV field: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF, as Excel writes it). */
export const csvLine = (fields: unknown[]): string => `${fields.map(csvField).join(',')}\r\n`;

/** Excel opens a UTF-8 CSV with Vietnamese text correctly only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/** HH:mm:ss - DD/MM/YYYY in Vietnam's time zone, as the console shows times (the contract's one formatter). */
export function formatVietnamTime(at: Date): string {
  return formatLoginActivity(at.getTime() / 1000);
}
