import ExcelJS from 'exceljs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { AS_RUN_COLUMNS, CSRF_HEADER, SOURCE_KINDS, asRunCells, vnIsoDay, type AsRunReport } from '@loa/contract';
import { baseUrl, signIn } from './fixtures';
import { parseCsv } from '../apps/server/test/csv';

const COMMUNE = 'Xã Hải Khê';
const RELAY = 'https://str.vov.gov.vn/vovlive/vov1vov5Vietnamese.sdp_aac/playlist.m3u8';

/** Sends an emergency bulletin of a relay to one demo commune through the API, with the page's session. */
async function sendBulletin(page: Page, areaId: string, tieude: string, seconds: number): Promise<string> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'loa_csrf')!.value;
  const res = await page.request.post(`${baseUrl()}/v1/client/phatngay/phatngay`, {
    headers: { [CSRF_HEADER]: csrf },
    data: {
      thongtin: { tieude, loaibantin: 2, uutien: 1, diabanchon: [areaId], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: RELAY, thoiluong: seconds }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.idlichphat as string;
}

const get = async <T>(page: Page, path: string): Promise<T> => (await (await page.request.get(`${baseUrl()}${path}`)).json()).data as T;
const isLive = async (page: Page, id: string) => (await get<{ idlichphat: string }[]>(page, '/v1/client/lichphat/lichphatdangphat')).some((b) => b.idlichphat === id);

async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('the as-run record of a demo day: a played and a stopped bulletin on screen, and both exports open with the same rows', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const areas = await get<{ _id: string; tendiaban: string }[]>(page, '/v1/client/thietbi');
  const commune = areas.find((a) => a.tendiaban === COMMUNE)!;
  const speakers = await get<{ trangthai: { online: boolean } }[]>(page, `/v1/client/thietbi/laythietbi?diaban=${commune._id}`);
  await expect.poll(async () => (await get<{ trangthai: { online: boolean } }[]>(page, `/v1/client/thietbi/laythietbi?diaban=${commune._id}`)).every((d) => d.trangthai.online), { timeout: 15_000 }).toBe(true);
  const marker = `${Date.now() % 100000}`;

  // The demo starts with no history: this day gets one bulletin that plays out and one that is stopped.
  const played = await sendBulletin(page, commune._id, `Tin lũ ${marker}`, 3);
  await expect.poll(() => isLive(page, played), { timeout: 15_000 }).toBe(false);
  const stopped = await sendBulletin(page, commune._id, `Tin cắt điện ${marker}`, 120);
  await expect.poll(() => isLive(page, stopped), { timeout: 5_000 }).toBe(true);
  await page.waitForTimeout(1500);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'loa_csrf')!.value;
  expect((await page.request.post(`${baseUrl()}/v1/client/lichphat/dungkhancap`, { headers: { [CSRF_HEADER]: csrf }, data: { id: stopped } })).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Nhật ký phát sóng' }).click();
  await expect(page.getByRole('heading', { name: 'Nhật ký phát sóng' })).toBeVisible();
  await page.getByLabel('Địa bàn').selectOption({ label: COMMUNE });
  await page.getByRole('button', { name: 'Lọc', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`diaban=${commune._id}`));
  const playedRow = page.getByTestId('asrun-row').filter({ hasText: `Tin lũ ${marker}` });
  // Every speaker's report has reached the server.
  await expect(playedRow.getByTestId('asrun-speakers')).toHaveText(`${speakers.length} / ${speakers.length}`, { timeout: 15_000 });
  await expect(playedRow).toContainText('Đã phát');
  await expect(playedRow).toContainText(COMMUNE);
  const stoppedRow = page.getByTestId('asrun-row').filter({ hasText: `Tin cắt điện ${marker}` });
  await expect(stoppedRow).toContainText('Bị dừng');
  await expect(stoppedRow).toContainText('Dừng bởi Quản trị hệ thống');

  const today = vnIsoDay(Date.now());
  const report = await get<AsRunReport>(page, `/v1/client/nhatkyphatsong?tu=${today}&diaban=${commune._id}`);
  const expected = report.items.map(asRunCells);
  expect(expected.length).toBeGreaterThanOrEqual(2);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`nhat-ky-phat-song-${today}.csv`);
  const csvBytes = await downloadBytes(csv);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...csvRows] = parseCsv(csvBytes.subarray(3).toString('utf8'));
  expect(header).toEqual([...AS_RUN_COLUMNS]);
  expect(csvRows).toEqual(expected.map((cells) => cells.map(String)));
  const playedCsv = csvRows.find((r) => r[6] === `Tin lũ ${marker}`)!;
  expect(playedCsv.slice(0, 2)).toEqual([today.split('-').reverse().join('/'), COMMUNE]);
  expect(playedCsv.slice(5, 6)).toEqual(['Phát ngay']);
  expect(playedCsv.slice(10, 12)).toEqual([String(speakers.length), String(speakers.length)]);
  expect(playedCsv[15]).toBe('Đã phát');
  expect(csvRows.find((r) => r[6] === `Tin cắt điện ${marker}`)?.[15]).toBe('Bị dừng');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`nhat-ky-phat-song-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  const xlsxBytes = await downloadBytes(xlsx);
  await workbook.xlsx.load(xlsxBytes.buffer.slice(xlsxBytes.byteOffset, xlsxBytes.byteOffset + xlsxBytes.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet('Nhật ký phát sóng')!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push(AS_RUN_COLUMNS.map((_, i) => row.getCell(i + 1).value ?? '')));
  expect(values[0]).toEqual([...AS_RUN_COLUMNS]);
  expect(values.slice(1)).toEqual(expected);
});
