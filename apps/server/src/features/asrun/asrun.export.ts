import ExcelJS from 'exceljs';
import { AS_RUN_COLUMNS, asRunCells, type AsRunReport } from '@loa/contract';
import { csvLine, UTF8_BOM } from '../system-log/csv';

/** The file name of an export: the day, or the first and last day of the range. */
export const asRunFileName = (report: Pick<AsRunReport, 'tu' | 'den'>, ext: 'csv' | 'xlsx'): string =>
  `nhat-ky-phat-song-${report.tu}${report.den !== report.tu ? `_${report.den}` : ''}.${ext}`;

/** The record as CSV: UTF-8 with a byte-order mark (so Excel reads the Vietnamese), CRLF lines, Vietnamese headers. */
export function asRunCsv(report: AsRunReport): string {
  return UTF8_BOM + csvLine([...AS_RUN_COLUMNS]) + report.items.map((row) => csvLine(asRunCells(row))).join('');
}

const WIDTHS = [12, 22, 12, 10, 10, 11, 34, 28, 22, 11, 10, 10, 9, 10, 12, 22, 60];

/** The record as an Excel workbook: one sheet, a bold frozen header with filters, counts as numbers. */
export async function asRunXlsx(report: AsRunReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Loa';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Nhật ký phát sóng', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = AS_RUN_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of report.items) sheet.addRow(asRunCells(row));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: AS_RUN_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
