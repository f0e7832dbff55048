import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@loa/contract';
import { makeMp3 } from '../apps/server/test/audio';
import { baseUrl, chooseCommune, signIn } from './fixtures';

const COMMUNE = 'Xã Hải Ba';

/** The demo speakers of a commune, as the server sees them (the page's own session and cookies). */
async function speakersOf(page: Page, commune: string) {
  const areas = (await (await page.request.get(`${baseUrl()}/v1/client/thietbi`)).json()).data as { _id: string; tendiaban: string }[];
  const area = areas.find((a) => a.tendiaban === commune)!;
  return (await (await page.request.get(`${baseUrl()}/v1/client/thietbi/laythietbi?diaban=${area._id}`)).json()).data as { trangthai: { online: boolean; dangphat: { sessionId: string } | null } }[];
}

const chooseTarget = (page: Page, dialog: ReturnType<Page['getByRole']>) => chooseCommune(page, dialog, COMMUNE);

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('an operator sends a bulletin of speech and an MP3 to one commune; its speakers play within 3 s, the card counts down, Stop ends it everywhere', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('button', { name: 'Phát khẩn cấp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await dialog.getByLabel('Tên chương trình').fill('Thông báo khẩn: nước lũ lên nhanh');
  await chooseTarget(page, dialog);
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });

  // Speech made by the server's offline engine.
  await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const source = page.getByRole('dialog').last();
  await source.getByRole('tab', { name: 'Chuyển văn bản thành giọng nói' }).click();
  await source.getByLabel('Nội dung').fill('Thông báo khẩn: lúc 14 giờ 30 ngày 22/11/2026, nước sông Ô Lâu lên nhanh. Bà con di chuyển lên chỗ cao.');
  await source.getByLabel('Giọng đọc').selectOption({ index: 1 });
  await source.getByRole('button', { name: 'Chuyển đổi' }).click();
  // Done when the download link points at the speech the server made.
  await expect(source.getByRole('link', { name: 'Tải xuống' })).toHaveAttribute('href', /tts/, { timeout: 60_000 });
  await source.getByRole('button', { name: 'Thêm', exact: true }).click();

  // A recorded announcement file.
  // Handed to the browser from memory: no file left behind in the temporary directory. Long enough
  // that the bulletin is still on air when the test stops it on a slow machine.
  const file = { name: 'loi-keu-goi.mp3', mimeType: 'audio/mpeg', buffer: makeMp3(40, 32) };
  await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const files = page.getByRole('dialog').last();
  await files.getByRole('tab', { name: 'Tệp' }).click();
  await files.getByTestId('file-input').setInputFiles(file);
  await files.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(dialog.getByTestId('source-item')).toHaveCount(2);

  // The last look: the commune, its speakers and how many are online now, as the server sees them.
  const fleet = await speakersOf(page, COMMUNE);
  await dialog.getByRole('button', { name: 'Phát', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
  await expect(confirm.getByTestId('confirm-communes')).toHaveText(COMMUNE);
  await expect(confirm.getByTestId('confirm-speakers')).toHaveText(String(fleet.length));
  await expect(confirm.getByTestId('confirm-online')).toHaveText(`${fleet.filter((d) => d.trangthai.online).length} / ${fleet.length}`);
  const sent = Date.now();
  await confirm.getByRole('button', { name: 'Xác nhận phát' }).click();
  await expect(alert(page, MSG.broadcastSuccess)).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await speakersOf(page, COMMUNE)).every((d) => d.trangthai.dangphat), { timeout: 3000, intervals: [100] }).toBe(true);
  expect(Date.now() - sent).toBeLessThan(3000 + 2000);

  await page.getByRole('button', { name: 'Đang phát' }).click();
  const card = page.getByTestId('live-card').first();
  await expect(card).toContainText('Thông báo khẩn');
  // Every speaker of the commune reported it plays the bulletin.
  await expect(card.getByTestId('reach-playing')).toHaveText(`${fleet.length} / ${fleet.length} loa`);
  const countdown = card.getByTestId('live-countdown');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });
  expect(await countdown.textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);

  await page.getByRole('button', { name: 'Dừng phát', exact: true }).click();
  await expect(alert(page, MSG.stopSuccess)).toBeVisible();
  await expect.poll(async () => (await speakersOf(page, COMMUNE)).every((d) => d.trangthai.dangphat === null), { timeout: 5000 }).toBe(true);
  await expect(page.getByTestId('live-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Phát khẩn cấp' })).toBeVisible();
});

test('each broadcast message of spec §5 appears in its order', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Phát khẩn cấp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
  const submit = () => dialog.getByRole('button', { name: 'Phát', exact: true }).click();
  const expectMessage = async (message: string) => {
    await submit();
    await expect(alert(page, message).first()).toBeVisible();
  };
  await expectMessage(MSG.noMessageType);
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin chung' });
  // The priority starts at the emergency bulletin (one of three levels), so MSG.noPriority cannot arise here.
  await expectMessage(MSG.noArea);
  await dialog.getByRole('combobox', { name: 'Địa bàn' }).click();
  await page.getByRole('option', { name: COMMUNE, exact: true }).click();
  await page.keyboard.press('Escape');
  await expectMessage(MSG.noDevice);
  await dialog.getByRole('combobox', { name: 'Thiết bị' }).click();
  await page.getByRole('option', { name: MSG.allDevices }).click();
  await page.keyboard.press('Escape');
  await expectMessage(MSG.noProgramName);
  await dialog.getByLabel('Tên chương trình').fill('Kiểm tra');
  await expectMessage(MSG.noSources);
  await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const source = page.getByRole('dialog').last();
  await source.getByRole('tab', { name: 'Tiếp sóng' }).click();
  // The demo's first relay channel.
  await source.getByLabel('Kênh tiếp sóng').selectOption({ index: 1 });
  await source.getByLabel('Thời lượng (phút)').fill('1');
  await source.getByRole('button', { name: 'Thêm', exact: true }).click();
  await dialog.getByLabel('Chế độ lặp lại').selectOption({ index: 2 });
  await dialog.getByLabel('Thời gian lặp lại (phút)').fill('0');
  await expectMessage(MSG.repeatIntervalMin);
  await dialog.getByLabel('Thời gian lặp lại (phút)').fill('1');
  await dialog.getByLabel('Số lần lặp lại').fill('0');
  await expectMessage(MSG.repeatCountMin);
});

test('an emergency to a whole district is asked about once more before it goes, and going back sends nothing', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Phát khẩn cấp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await dialog.getByLabel('Tên chương trình').fill('Sơ tán khẩn cấp');
  await dialog.getByRole('combobox', { name: 'Địa bàn' }).click();
  await page.getByRole('option', { name: 'Huyện Hải Lăng', exact: true }).click();
  await page.getByRole('option', { name: COMMUNE, exact: true }).click();
  await page.keyboard.press('Escape');
  // The district's list holds the commune's speakers: each is offered once.
  await dialog.getByRole('combobox', { name: 'Thiết bị' }).click();
  const names = await page.getByRole('listbox').getByRole('option').allTextContents();
  expect(new Set(names).size).toBe(names.length);
  await page.getByRole('option', { name: MSG.allDevices }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
  await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const source = page.getByRole('dialog').last();
  // Every kind of source is in sight, the recording last, without scrolling the tabs.
  await expect(source.getByRole('tab', { name: 'Ghi âm' })).toBeInViewport({ ratio: 1 });
  await source.getByRole('tab', { name: 'Tiếp sóng' }).click();
  await source.getByLabel('Kênh tiếp sóng').selectOption({ index: 1 });
  await source.getByLabel('Thời lượng (phút)').fill('1');
  await source.getByRole('button', { name: 'Thêm', exact: true }).click();

  await dialog.getByRole('button', { name: 'Phát', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
  await expect(confirm).toContainText('Xã, thị trấn sẽ nghe (14)');
  await expect(confirm.getByTestId('confirm-communes')).toContainText('… và 6 xã, thị trấn khác');
  const speakers = Number(await confirm.getByTestId('confirm-speakers').textContent());
  expect(speakers).toBeGreaterThan((await speakersOf(page, COMMUNE)).length);
  await confirm.getByRole('button', { name: 'Xác nhận phát' }).click();
  const again = page.getByRole('dialog', { name: 'Phát khẩn cấp tới toàn huyện Hải Lăng?' });
  await expect(again).toContainText(`trên ${speakers} loa của 14 xã, thị trấn`);
  await again.getByRole('button', { name: 'Quay lại sửa' }).click();
  await confirm.getByRole('button', { name: 'Quay lại sửa' }).click();
  await expect(dialog).toBeVisible();
  const live = (await (await page.request.get(`${baseUrl()}/v1/client/lichphat/lichphatdangphat`)).json()).data as { nguonphat: { tenchuongtrinh: string } }[];
  expect(live.some((b) => b.nguonphat.tenchuongtrinh === 'Sơ tán khẩn cấp')).toBe(false);
});
