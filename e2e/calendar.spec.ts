import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CSRF_HEADER, SOURCE_KINDS } from '@loa/contract';
import { makeMp3 } from '../apps/server/test/audio';
import { addCommune, apiGet, apiPost, baseUrl, signIn } from './fixtures';

const VN = 7 * 3600_000;
const DAY = 86_400_000;

/** Tomorrow's Vietnam date (YYYY-MM-DD). */
const tomorrow = () => new Date(Math.floor((Date.now() + VN) / DAY + 1) * DAY).toISOString().slice(0, 10);
/** Whether a Vietnam date falls in the current Vietnam week (Monday to Sunday). */
function inThisWeek(date: string): boolean {
  const today = Math.floor((Date.now() + VN) / DAY);
  const monday = today - ((new Date(today * DAY).getUTCDay() + 6) % 7);
  const day = Date.parse(`${date}T00:00:00Z`) / DAY;
  return day >= monday && day < monday + 7;
}

/** A one-time schedule of a relay on every speaker of an area, ten minutes long. */
const onceAt = (area: string, title: string, date: string, time: string) => ({
  tieude: title, nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 600, tenkenh: 'Đài huyện', url: 'https://dai-huyen.example.vn/truc-tiep.mp3', thoiluong: 600 }],
  diabanchon: [area], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', thutrongtuan: [], ngaybatdau: date, giophat: [time],
});

const startOf = async (page: Page, id: string) => {
  const s = await apiPost<{ ngaybatdau: string; giophat: string[]; trangthai: string }>(page, '/v1/client/lichphat/laylichphatsua', { data: { id } });
  return `${s.ngaybatdau} ${s.giophat.map((t) => t.slice(0, 5)).join(',')}`;
};

/** Opens the calendar on the week holding `date`. */
async function openCalendar(page: Page, date: string): Promise<void> {
  await page.goto(`${baseUrl()}/quan-ly-lich-phat`);
  await page.getByRole('button', { name: 'Lịch biểu' }).click();
  await expect(page.getByTestId('schedule-calendar')).toBeVisible();
  if (!inThisWeek(date)) await page.getByRole('button', { name: 'Sau' }).click();
}

/** How far (px) a block's top sits below a row of the grid: the same wherever the grid is scrolled. */
/** The grid's row of a time of day (HH:mm). */
const lane = (page: Page, time: string) => page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);

const belowRow = async (page: Page, event: Locator, time: string) =>
  Math.round((await event.boundingBox())!.y - (await lane(page, time).boundingBox())!.y);

/** The length (seconds) of a schedule's relay, as saved. */
const relaySecondsOf = async (page: Page, id: string) =>
  (await apiPost<{ nguonphat: { thoiluong: number }[] }>(page, '/v1/client/lichphat/laylichphatsua', { data: { id } })).nguonphat[0]!.thoiluong;

const block = (page: Page, id: string) => page.locator(`[data-testid="calendar-event"][data-schedule="${id}"]`);

/**
 * Takes a block with the mouse, by its body (a move) or by its lower edge (a resize), and moves the
 * pointer down by exactly the grid's distance from its `from` row to its `to` row.
 */
async function dragBy(page: Page, event: Locator, from: string, to: string, grab: 'body' | 'lowerEdge'): Promise<void> {
  // The start row in the middle of the window, so the pointer stays clear of the edges where the grid scrolls itself.
  await lane(page, from).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await event.boundingBox())!;
  const distance = (await lane(page, to).boundingBox())!.y - (await lane(page, from).boundingBox())!.y;
  const x = box.x + box.width / 2;
  const y = grab === 'body' ? box.y + Math.min(6, box.height / 2) : box.y + box.height - 2;
  await page.mouse.move(x, y);
  // The library shows the block's lower edge handle while the pointer is over the block.
  if (grab === 'lowerEdge') await expect(event.locator('.fc-event-resizer-end')).toBeVisible();
  await page.mouse.down();
  await page.mouse.move(x, y + 8, { steps: 3 });
  await page.mouse.move(x, y + distance, { steps: 12 });
  await page.mouse.up();
}

/** Drags a block with the mouse from the grid's `from` row to its `to` row. */
const dragTo = (page: Page, event: Locator, from: string, to: string) => dragBy(page, event, from, to, 'body');

/** Drags a block's lower edge down by the grid's distance from its `from` row to its `to` row. */
const resizeBy = (page: Page, event: Locator, from: string, to: string) => dragBy(page, event, from, to, 'lowerEdge');

/**
 * A commune of the test's own with one speaker, and the schedules the test plans on it, all removed
 * when `run` ends: `run` gets the commune, the tag that tells this run's names apart and `plan`
 * (creates a schedule through the API and returns its id).
 */
async function onOwnCommune(
  page: Page, name: string, code: string,
  run: (own: { commune: Awaited<ReturnType<typeof addCommune>>; tag: number; plan: (schedule: object) => Promise<string> }) => Promise<void>,
): Promise<void> {
  await signIn(page);
  const tag = Date.now() % 100000;
  const commune = await addCommune(page, `${name} ${tag}`);
  await commune.addDevice('Loa đình', `${code}${tag}A`);
  const planned: string[] = [];
  const plan = async (schedule: object) => {
    const { _id } = await apiPost<{ _id: string }>(page, '/v1/client/lichphat/taolichphat', schedule);
    planned.push(_id);
    return _id;
  };
  try {
    await run({ commune, tag, plan });
  } finally {
    for (const id of planned) await apiPost(page, '/v1/client/lichphat/xoalichphat', { id });
    await commune.remove();
  }
}

/** An officer of the demo district who may compose schedules but not approve them. */
async function createOfficer(admin: Page, tentaikhoan: string): Promise<{ tentaikhoan: string; password: string }> {
  const district = (await apiGet<{ _id: string; cap: string }[]>(admin, '/v1/client/thietbi')).find((a) => a.cap === 'huyen')!;
  const officer = { tentaikhoan, password: 'mat-khau-can-bo-2026' };
  await apiPost(admin, '/v1/client/taikhoan/themmoi', {
    tentaikhoan, matkhau: officer.password, hoten: 'Cán bộ thông tin xã', loaitaikhoan: 'canbo', quyenhan: ['themsuaxoalichphat'], diaban: district._id,
  });
  return officer;
}

test.describe('the schedule calendar', () => {
  test('a block moves and changes its length by dragging and by keyboard, and the changes are saved', async ({ page }) => {
    test.setTimeout(120_000);
    await onOwnCommune(page, 'Xã Lịch Biểu', 'LICHBIEU', async ({ commune, tag, plan }) => {
      const date = tomorrow();
      const title = `Bản tin kéo thả ${tag}`;
      const id = await plan(onceAt(commune._id, title, date, '09:00'));
      await openCalendar(page, date);
      const event = block(page, id);
      await expect(event).toHaveAttribute('data-time', '09:00');
      await expect(event).toHaveAttribute('data-date', date);
      // No serious or critical accessibility finding (WCAG 2.1 A, AA) in the calendar and its toolbar.
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

      // Dragged an hour later with the mouse: saved through the editor's save, shown at its new time.
      await dragTo(page, event, '09:00', '10:00');
      await expect(page.getByText('Đã lưu lịch phát!')).toBeVisible();
      await expect.poll(() => startOf(page, id)).toBe(`${date} 10:00`);
      await expect(event).toHaveAttribute('data-time', '10:00');

      // By keyboard: the focused block opens with Enter; a new time, then "Dời lịch".
      await event.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toContainText('lúc 10:00');
      await dialog.getByRole('group', { name: 'Giờ phát mới' }).getByRole('spinbutton').first().click();
      await page.keyboard.type('1130');
      await dialog.getByRole('button', { name: 'Dời lịch' }).press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => startOf(page, id)).toBe(`${date} 11:30`);
      await expect(event).toHaveAttribute('data-time', '11:30');

      // Its lower edge dragged half an hour down: the relay (ten minutes) lasts forty, the start stays.
      const height = (await event.boundingBox())!.height;
      await resizeBy(page, event, '11:30', '12:00');
      await expect.poll(() => relaySecondsOf(page, id)).toBe(40 * 60);
      expect(await startOf(page, id)).toBe(`${date} 11:30`);
      await expect.poll(async () => (await event.boundingBox())!.height).toBeGreaterThan(height);

      // By keyboard: a length in minutes in the same dialog.
      await event.focus();
      await page.keyboard.press('Enter');
      const again = page.getByRole('dialog', { name: title });
      const length = again.getByRole('textbox', { name: 'Thời lượng (phút)' });
      await expect(length).toHaveValue('40');
      await length.fill('45');
      await again.getByRole('button', { name: 'Dời lịch' }).press('Enter');
      await expect(again).toHaveCount(0);
      await expect.poll(() => relaySecondsOf(page, id)).toBe(45 * 60);
      expect(await startOf(page, id)).toBe(`${date} 11:30`);
    });
  });

  test('a drag of a repeating schedule\'s lower edge asks first, since every occurrence gets the new length', async ({ page }) => {
    test.setTimeout(90_000);
    await onOwnCommune(page, 'Xã Lặp Lại', 'LAPLAI', async ({ commune, tag, plan }) => {
      const date = tomorrow();
      const title = `Bản tin hằng ngày ${tag}`;
      const id = await plan({ ...onceAt(commune._id, title, date, '09:00'), chedophat: 'hangngay', ngayketthuc: date });
      await openCalendar(page, date);
      const event = block(page, id).first();
      const height = (await event.boundingBox())!.height;
      // Cancelled: nothing saved, the block back to its length.
      await resizeBy(page, event, '09:00', '09:30');
      const question = page.getByRole('dialog', { name: 'Đổi thời lượng mọi lần phát?' });
      await expect(question).toContainText(`Lịch "${title}" lặp lại: thời lượng mới (40 phút) áp dụng cho mọi lần phát của lịch`);
      await question.getByRole('button', { name: 'Hủy' }).click();
      await expect(question).toHaveCount(0);
      await expect.poll(async () => Math.round((await event.boundingBox())!.height)).toBe(Math.round(height));
      expect(await relaySecondsOf(page, id)).toBe(10 * 60);
      // Confirmed: saved for the schedule.
      await resizeBy(page, event, '09:00', '09:30');
      await question.getByRole('button', { name: 'Đổi thời lượng' }).click();
      await expect.poll(() => relaySecondsOf(page, id)).toBe(40 * 60);
    });
  });

  test('a drag or a resize onto another schedule of the same speakers shows the clash dialog, and going back puts the block back', async ({ page }) => {
    test.setTimeout(120_000);
    await onOwnCommune(page, 'Xã Trùng Giờ', 'TRUNGGIO', async ({ commune, tag, plan }) => {
      const date = tomorrow();
      const moved = await plan(onceAt(commune._id, `Bản tin sáng ${tag}`, date, '08:00'));
      await plan(onceAt(commune._id, `Bản tin trưa ${tag}`, date, '11:00'));
      await openCalendar(page, date);
      const event = block(page, moved);
      await expect(event).toHaveAttribute('data-time', '08:00');
      await expect(event).not.toHaveAttribute('data-clash', 'true');
      const before = await belowRow(page, event, '08:00');
      expect(Math.abs(before)).toBeLessThan(4);

      await dragTo(page, event, '08:00', '11:00');
      const clash = page.getByRole('dialog', { name: 'Trùng lịch phát' });
      await expect(clash).toBeVisible();
      await expect(clash.getByTestId('schedule-conflict')).toContainText(`Bản tin trưa ${tag}`);
      await clash.getByRole('button', { name: 'Quay lại' }).click();
      await expect(clash).toHaveCount(0);

      // Back where it was, on screen and on the server.
      await expect.poll(() => belowRow(page, event, '08:00')).toBe(before);
      expect(await startOf(page, moved)).toBe(`${date} 08:00`);
      await expect(page.getByText('Đã lưu lịch phát!')).toHaveCount(0);

      // Lengthened over the other one by its lower edge: the same clash check, and back to its length.
      const height = (await event.boundingBox())!.height;
      await resizeBy(page, event, '08:00', '11:00');
      await expect(clash).toBeVisible();
      await expect(clash.getByTestId('schedule-conflict')).toContainText(`Bản tin trưa ${tag}`);
      await clash.getByRole('button', { name: 'Quay lại' }).click();
      await expect(clash).toHaveCount(0);
      await expect.poll(async () => (await event.boundingBox())!.height).toBe(height);
      expect(await relaySecondsOf(page, moved)).toBe(600);
      await expect(page.getByText('Đã lưu lịch phát!')).toHaveCount(0);
    });
  });
});

test('a busy hour shows three blocks side by side and the rest behind "+N", whose list opens them (#32)', async ({ page }) => {
  test.setTimeout(120_000);
  await onOwnCommune(page, 'Xã Giờ Đông', 'GIODONG', async ({ commune, tag, plan }) => {
    const date = tomorrow();
    const ids: string[] = [];
    for (let i = 1; i <= 6; i += 1) ids.push(await plan(onceAt(commune._id, `Tin giờ đông ${i} ${tag}`, date, '13:30')));
    await openCalendar(page, date);
    await lane(page, '13:30').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const drawn = async () => (await Promise.all(ids.map((id) => block(page, id).count()))).reduce((a, b) => a + b, 0);
    await expect.poll(drawn).toBeGreaterThan(0);
    // At most three side by side, each wide enough to read its time and grab.
    expect(await drawn()).toBeLessThanOrEqual(3);
    for (const id of ids) {
      if ((await block(page, id).count()) === 0) continue;
      expect((await block(page, id).boundingBox())!.width).toBeGreaterThan(30);
    }
    const more = page.locator('.fc-timegrid-col').filter({ has: block(page, ids[0]) }).locator('.fc-more-link');
    await expect(more).toHaveText(/^\+\d+$/);
    await more.click();
    // The list holds those not drawn; one of them opens like a block of the grid.
    const popover = page.locator('.fc-popover');
    await expect(popover).toBeVisible();
    const listed = await popover.getByTestId('calendar-event').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.schedule ?? ''));
    const notDrawn = [];
    for (const id of ids) if ((await page.locator(`.fc-timegrid-col [data-testid="calendar-event"][data-schedule="${id}"]`).count()) === 0) notDrawn.push(id);
    expect(notDrawn.length).toBeGreaterThanOrEqual(3);
    expect(listed).toEqual(expect.arrayContaining(notDrawn));
    await popover.locator(`[data-testid="calendar-event"][data-schedule="${notDrawn[0]}"]`).click();
    await expect(page.getByRole('dialog', { name: new RegExp(`^Tin giờ đông \\d ${tag}$`) })).toBeVisible();
  });
});

test('an officer without the approve right who moves or lengthens an approved schedule sends it back for approval', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const tag = Date.now() % 100000;
  const commune = await addCommune(admin, `Xã Dời Lịch ${tag}`);
  await commune.addDevice('Loa trường học', `DOILICH${tag}A`);
  const date = tomorrow();
  const officerPage = await (await browser.newContext()).newPage();
  await signIn(officerPage, await createOfficer(admin, `canbodoi${tag}`));
  // The officer's schedule, approved by the administrator.
  const { _id: id } = await apiPost<{ _id: string }>(officerPage, '/v1/client/lichphat/taolichphat', onceAt(commune._id, `Bản tin chiều ${tag}`, date, '14:00'));
  expect((await apiPost<{ trangthai: string }>(admin, '/v1/client/lichphat/duyetlichphat', { id })).trangthai).toBe('daduyet');
  try {
    await openCalendar(officerPage, date);
    const event = block(officerPage, id);
    await expect(event).toHaveAttribute('data-status', 'daduyet');
    await dragTo(officerPage, event, '14:00', '15:00');
    await expect(officerPage.getByText('Đã lưu lịch phát!')).toBeVisible();
    await expect(event).toHaveAttribute('data-time', '15:00');
    await expect(event).toHaveAttribute('data-status', 'choduyet');
    const saved = await apiPost<{ trangthai: string; giophat: string[] }>(admin, '/v1/client/lichphat/laylichphatsua', { data: { id } });
    expect(saved.trangthai).toBe('choduyet');
    expect(saved.giophat.map((t) => t.slice(0, 5))).toEqual(['15:00']);

    // Approved again, then lengthened by its lower edge: back for approval as well.
    expect((await apiPost<{ trangthai: string }>(admin, '/v1/client/lichphat/duyetlichphat', { id })).trangthai).toBe('daduyet');
    await resizeBy(officerPage, event, '15:00', '15:30');
    await expect.poll(() => relaySecondsOf(admin, id)).toBe(40 * 60);
    expect((await apiPost<{ trangthai: string }>(admin, '/v1/client/lichphat/laylichphatsua', { data: { id } })).trangthai).toBe('choduyet');
  } finally {
    await apiPost(admin, '/v1/client/lichphat/xoalichphat', { id });
    await commune.remove();
  }
});

test('an approver plays a schedule’s recorded file before approving it', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const tag = Date.now() % 100000;
  const commune = await addCommune(admin, `Xã Nghe Duyệt ${tag}`);
  await commune.addDevice('Loa nhà văn hoá', `NGHEDUYET${tag}A`);
  const officer = await createOfficer(admin, `canbonghe${tag}`);
  const officerPage = await (await browser.newContext()).newPage();
  await signIn(officerPage, officer);
  // The officer's recorded bulletin, uploaded as the editor does, then a schedule playing it.
  const csrf = (await officerPage.context().cookies()).find((c) => c.name === 'loa_csrf')!.value;
  const uploaded = await officerPage.request.post(`${baseUrl()}/v1/client/lichphat/uploadfile`, {
    headers: { [CSRF_HEADER]: csrf }, multipart: { files: { name: 'thong-bao-tiem-chung.mp3', mimeType: 'audio/mpeg', buffer: makeMp3(4) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const files = (await uploaded.json()).data as { fileName: string; url: string; duration: number }[];
  const title = `Thông báo tiêm chủng ${tag}`;
  const created = await apiPost<{ _id: string; trangthai: string }>(officerPage, '/v1/client/lichphat/taolichphat', {
    ...onceAt(commune._id, title, tomorrow(), '07:00'), nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 0, files }],
  });
  expect(created.trangthai).toBe('choduyet');
  try {
    await admin.goto(`${baseUrl()}/quan-ly-lich-phat`);
    const row = admin.getByTestId('schedule-row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Nghe trước' }).click();
    const dialog = admin.getByRole('dialog', { name: new RegExp(title) });
    const audio = dialog.locator('audio[aria-label="thong-bao-tiem-chung.mp3"]');
    await expect(audio).toBeVisible();
    // The approver presses play: the stored file loads and plays.
    await dialog.getByText('thong-bao-tiem-chung.mp3').click();
    await audio.evaluate((a: HTMLAudioElement) => a.play());
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(3.5);
    await dialog.getByRole('button', { name: 'Duyệt', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveAttribute('data-status', 'daduyet');
  } finally {
    await apiPost(admin, '/v1/client/lichphat/xoalichphat', { id: created._id });
    await commune.remove();
  }
});
