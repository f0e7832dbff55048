import { expect, test, type Page } from '@playwright/test';
import { CSRF_HEADER, MSG, SOURCE_KINDS } from '@loa/contract';
import { baseUrl, signIn } from './fixtures';

/**
 * Issue #18: two officers on one set of speakers. An equal priority never takes them silently; an
 * explicit takeover does, and both cards, the notification and the speakers' history say so.
 * Issue #32: what an emergency pre-empted plays again when the emergency ends by itself.
 */
const COMMUNE = 'Xã Hải Lâm';

const get = async <T>(page: Page, path: string): Promise<T> => (await (await page.request.get(`${baseUrl()}${path}`)).json()).data as T;
const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'loa_csrf')!.value;
const post = async (page: Page, path: string, data: unknown) => page.request.post(`${baseUrl()}${path}`, { headers: { [CSRF_HEADER]: await csrfOf(page) }, data });

type Speaker = { _id: string; tenthietbi: string; trangthai: { online: boolean; dangphat: { sessionId: string } | null } };
const speakersOf = (page: Page, areaId: string) => get<Speaker[]>(page, `/v1/client/thietbi/laythietbi?diaban=${areaId}`);

/** Bulletins this test started, stopped after it whatever happened (the next tests use these speakers and this account). */
let cleanup: { page: Page; ids: Set<string> } | null = null;
test.afterEach(async () => {
  if (!cleanup) return;
  const { page, ids } = cleanup;
  cleanup = null;
  const running = await get<{ idlichphat: string; nguonphat: { tenchuongtrinh: string } }[]>(page, '/v1/client/lichphat/lichphatdangphat').catch(() => []);
  for (const b of running) {
    if (ids.has(b.idlichphat) || b.nguonphat.tenchuongtrinh === 'Lệnh sơ tán thôn Tân Lương') await post(page, '/v1/client/lichphat/dungkhancap', { id: b.idlichphat }).catch(() => null);
  }
});

test('an officer meets a bulletin of the same priority on the chosen speakers, is asked, interrupts it, and everyone is told the truth', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const areas = await get<{ _id: string; tendiaban: string }[]>(admin, '/v1/client/thietbi');
  const commune = areas.find((a) => a.tendiaban === COMMUNE)!;
  await expect.poll(async () => (await speakersOf(admin, commune._id)).every((d) => d.trangthai.online), { timeout: 15_000 }).toBe(true);
  const count = (await speakersOf(admin, commune._id)).length;

  // The district's administrator broadcasts first (through the API, as a second console would).
  const first = await post(admin, '/v1/client/phatngay/phatngay', {
    thongtin: { tieude: 'Cảnh báo lũ sông Ô Lâu', loaibantin: 2, uutien: 1, diabanchon: [commune._id], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
    nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 600, tenkenh: 'Đài huyện', url: 'https://dai-huyen.example.vn/truc-tiep.mp3', thoiluong: 600 }],
  });
  expect(first.status(), await first.text()).toBe(200);
  const firstId = (await first.json()).data.idlichphat as string;
  cleanup = { page: admin, ids: new Set([firstId]) };
  await expect.poll(async () => (await speakersOf(admin, commune._id)).every((d) => d.trangthai.dangphat?.sessionId === firstId), { timeout: 5000 }).toBe(true);

  // A commune officer who may stop broadcasts in the commune.
  const login = `hailam${Date.now() % 100000}`;
  const created = await post(admin, '/v1/client/taikhoan/themmoi', {
    tentaikhoan: login, matkhau: 'mat-khau-hai-lam-2026', hoten: 'Lê Văn Lâm', quyenhan: ['themsuaxoalichphat', 'dungphatchuongtrinh'], diaban: commune._id,
  });
  expect(created.status(), await created.text()).toBe(200);
  const officer = await (await browser.newContext()).newPage();
  await signIn(officer, { tentaikhoan: login, password: 'mat-khau-hai-lam-2026' });

  // Composes a bulletin for the same speakers.
  await officer.getByRole('button', { name: 'Phát khẩn cấp' }).click();
  const dialog = officer.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await dialog.getByLabel('Tên chương trình').fill('Lệnh sơ tán thôn Tân Lương');
  await dialog.getByRole('combobox', { name: 'Địa bàn' }).click();
  await officer.getByRole('option', { name: COMMUNE, exact: true }).click();
  // Closing the list by clicking the title (Escape would close the dialog once the list is shut).
  await dialog.getByRole('heading', { name: 'Phát khẩn cấp' }).click();
  await dialog.getByRole('combobox', { name: 'Thiết bị' }).click();
  await officer.getByRole('option', { name: MSG.allDevices }).click();
  await dialog.getByRole('heading', { name: 'Phát khẩn cấp' }).click();
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
  await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const source = officer.getByRole('dialog').last();
  await source.getByRole('tab', { name: 'Tiếp sóng' }).click();
  await source.getByLabel('Tên kênh').fill('Đài xã');
  await source.getByLabel('Đường dẫn').fill('https://dai-xa.example.vn/truc-tiep.mp3');
  await source.getByLabel('Thời lượng (phút)').fill('5');
  await source.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(dialog.getByTestId('source-item')).toHaveCount(1);
  const send = async () => {
    await dialog.getByRole('button', { name: 'Phát', exact: true }).click();
    await officer.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' }).getByRole('button', { name: 'Xác nhận phát' }).click();
  };

  // Refused: the question names the administrator's bulletin; keeping it changes nothing.
  await send();
  let question = officer.getByRole('dialog', { name: /^Ngắt bản tin của / });
  await expect(question.getByTestId('takeover-item')).toContainText(`"Cảnh báo lũ sông Ô Lâu" của`);
  await expect(question.getByTestId('takeover-item')).toContainText(`${count} loa`);
  await question.getByRole('button', { name: 'Không ngắt' }).click();
  await expect(question).toBeHidden();
  expect((await speakersOf(admin, commune._id)).every((d) => d.trangthai.dangphat?.sessionId === firstId)).toBe(true);

  // The administrator's card, before.
  await admin.getByRole('button', { name: 'Đang phát' }).click();
  const cardOf = (id: string) => admin.locator(`[data-testid="live-card"][data-id="${id}"]`);
  await expect(cardOf(firstId)).toBeVisible();

  // Asked again, the officer interrupts it: the speakers switch, the administrator's card goes.
  await send();
  question = officer.getByRole('dialog', { name: /^Ngắt bản tin của / });
  await question.getByRole('button', { name: 'Ngắt và phát' }).click();
  await expect(officer.getByRole('alert').filter({ hasText: MSG.broadcastSuccess })).toBeVisible({ timeout: 20_000 });
  const live = await get<{ idlichphat: string; nguonphat: { tenchuongtrinh: string } }[]>(officer, '/v1/client/phatngay/userdangphat');
  const secondId = live.find((b) => b.nguonphat.tenchuongtrinh === 'Lệnh sơ tán thôn Tân Lương')!.idlichphat;
  await expect.poll(async () => (await speakersOf(admin, commune._id)).every((d) => d.trangthai.dangphat?.sessionId === secondId), { timeout: 5000 }).toBe(true);
  await expect(cardOf(firstId)).toHaveCount(0);
  await expect(cardOf(secondId)).toBeVisible();

  // The administrator is told by whom and when.
  await expect.poll(async () => {
    const { items } = await get<{ items: { tieude: string; noidung: string }[] }>(admin, '/v1/client/thongbao/danhsach');
    return items.find((n) => n.tieude === 'Phát khẩn cấp bị ngắt: Cảnh báo lũ sông Ô Lâu')?.noidung ?? '';
  }, { timeout: 5000 }).toMatch(/^Chương trình "Cảnh báo lũ sông Ô Lâu" đã bị ngắt bởi "Lệnh sơ tán thôn Tân Lương" của Lê Văn Lâm lúc \d\d:\d\d\.$/);

  // A speaker's history says it in Vietnamese.
  const [speaker] = await speakersOf(admin, commune._id);
  await expect.poll(async () => {
    const { items } = await get<{ items: { lydo: string | null }[] }>(admin, `/v1/client/thietbi/lichsubantin?id=${speaker._id}`);
    return items.map((h) => h.lydo).join(' | ');
  }, { timeout: 5000 }).toContain('Bị ngắt: cán bộ khác phát đè bản tin cùng mức ưu tiên');

  await officer.getByRole('button', { name: 'Dừng phát', exact: true }).click();
  await expect(officer.getByRole('alert').filter({ hasText: MSG.stopSuccess })).toBeVisible();
});

test('a bulletin pre-empted by an emergency goes back to playing, on its card and on the speakers, when the emergency ends by itself', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const areas = await get<{ _id: string; tendiaban: string }[]>(admin, '/v1/client/thietbi');
  const commune = areas.find((a) => a.tendiaban === 'Xã Hải Quy')!;
  await expect.poll(async () => (await speakersOf(admin, commune._id)).every((d) => d.trangthai.online), { timeout: 15_000 }).toBe(true);
  const relay = (name: string, seconds: number) => [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 0, tenkenh: name, url: 'https://dai-huyen.example.vn/truc-tiep.mp3', thoiluong: seconds }];
  const onAll = async (id: string) => (await speakersOf(admin, commune._id)).every((d) => d.trangthai.dangphat?.sessionId === id);

  const programme = await post(admin, '/v1/client/phatngay/phatngay', {
    thongtin: { tieude: 'Chương trình nông nghiệp', loaibantin: 1, uutien: -1, diabanchon: [commune._id], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
    nguonphat: relay('Đài huyện', 600),
  });
  expect(programme.status(), await programme.text()).toBe(200);
  const programmeId = (await programme.json()).data.idlichphat as string;
  cleanup = { page: admin, ids: new Set([programmeId]) };
  await expect.poll(() => onAll(programmeId), { timeout: 5000 }).toBe(true);
  await admin.getByRole('button', { name: 'Đang phát' }).click();
  const card = admin.locator(`[data-testid="live-card"][data-id="${programmeId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('live-cut')).toHaveCount(0);

  // An 8-second emergency on the same speakers pre-empts it; its card says until when.
  const emergency = await post(admin, '/v1/client/phatngay/phatngay', {
    thongtin: { tieude: 'Cảnh báo bão số 9', loaibantin: 1, uutien: 1, diabanchon: [commune._id], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
    nguonphat: relay('Đài tỉnh', 8),
  });
  expect(emergency.status(), await emergency.text()).toBe(200);
  const emergencyId = (await emergency.json()).data.idlichphat as string;
  cleanup.ids.add(emergencyId);
  await expect.poll(() => onAll(emergencyId), { timeout: 5000 }).toBe(true);
  await expect(card.getByTestId('live-cut')).toContainText('Bị ngắt bởi "Cảnh báo bão số 9"');

  // Nobody touches anything: the emergency ends, the speakers are sent the programme again and play it, and its card clears.
  await expect.poll(() => onAll(programmeId), { timeout: 20_000 }).toBe(true);
  await expect(admin.locator(`[data-testid="live-card"][data-id="${emergencyId}"]`)).toHaveCount(0);
  await expect(card.getByTestId('live-cut')).toHaveCount(0);
  await expect(card).toBeVisible();
});
