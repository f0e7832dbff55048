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

const vnTime = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});

/** HH:mm:ss DD/MM/YYYY in Vietnam's time zone. */
export function formatVietnamTime(at: Date): string {
  const p = Object.fromEntries(vnTime.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}:${p.second} ${p.day}/${p.month}/${p.year}`;
}
