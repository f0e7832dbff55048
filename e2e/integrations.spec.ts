import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { API_KEY_MESSAGES } from '@loa/contract';
import { addCommune, apiGet, apiPost, baseUrl, E2E_PROVINCE_REFUSES_ONCE, signIn } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Vietnamese CAP 1.2 alert for one area code. */
const capAlert = (o: { id: string; code: string; severity: string; urgency: string; headline: string; msgType?: string; refs?: string }) => `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.id}</identifier><sender>canhbao@kttv.gov.vn</sender><sent>2026-10-01T07:00:00+07:00</sent>
  <status>Actual</status><msgType>${o.msgType ?? 'Alert'}</msgType><scope>Public</scope>${o.refs ? `<references>${o.refs}</references>` : ''}
  <info><language>vi-VN</language><category>Met</category><event>Mưa lớn</event><urgency>${o.urgency}</urgency><severity>${o.severity}</severity><certainty>Likely</certainty>
    <headline>${o.headline}</headline><description>Mưa lớn diện rộng, nguy cơ ngập úng vùng trũng.</description><instruction>Không đi qua ngầm, tràn.</instruction>
    <area><areaDesc>Xã thử</areaDesc><geocode><valueName>MaDVHC</valueName><value>${o.code}</value></geocode></area></info>
</alert>`;

test('an administrator creates an API key on the Kết nối page, sees its secret once, sees its last use and revokes it', async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole('link', { name: 'Kết nối' }).click();
  await expect(page.getByRole('heading', { name: 'Khoá API' })).toBeVisible();

  const name = `Đài khí tượng ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Tạo khoá API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tạo khoá API' });
  await dialog.getByLabel('Tên khoá').fill(name);
  await dialog.getByLabel('Soạn, sửa, xoá và phát chương trình').check();
  await dialog.getByRole('button', { name: 'Tạo khoá' }).click();

  const secretDialog = page.getByRole('dialog', { name: `Khoá API "${name}"` });
  const secret = (await secretDialog.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^loa_[0-9a-f]{16}_/);
  await secretDialog.getByRole('button', { name: 'Sao chép' }).click();
  await expect(page.getByText('Đã sao chép!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'Tôi đã lưu khoá' }).click();

  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText('Chưa dùng');
  await expect(row).toContainText('Đang dùng');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another system calls with the key (no cookies, no CSRF token).
  const call = () => fetch(`${baseUrl()}/v1/client/thietbi`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status).toBe(200);
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toContainText('Chưa dùng');

  await row.getByRole('button', { name: 'Thu hồi' }).click();
  await page.getByRole('dialog', { name: 'Thu hồi' }).getByRole('button', { name: 'Xác nhận' }).click();
  await expect(row).toContainText('Đã thu hồi');
  const refused = await call();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(API_KEY_MESSAGES.revoked);
  await context.close();
});

test('a CAP alert posted with a key is broadcast and shown on the Kết nối page with what it became; boundaries import and show on the map', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const tag = String(Date.now() % 100000);
  const commune = await addCommune(page, `Xã Cảnh Báo ${tag}`);
  await commune.addDevice(`Loa cảnh báo ${tag}`, `CAP-${tag}`);
  const code = `E2E${tag}`;
  await apiPost(page, '/v1/client/diaban/diadanh/capnhat', { id: commune._id, mahanhchinh: code });
  const { bimat, khoa } = await apiPost<{ bimat: string; khoa: { _id: string } }>(page, '/v1/client/khoaapi/themmoi', { ten: `Trạm KTTV ${tag}`, quyenhan: ['themsuaxoalichphat'], diaban: commune._id });
  const send = async (xml: string) => {
    const res = await fetch(`${baseUrl()}/v1/client/cap`, { method: 'POST', headers: { authorization: `Bearer ${bimat}`, 'content-type': 'application/cap+xml' }, body: xml });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: { ketqua: string; idlichphat: string | null } }).data;
  };
  let draftId: string | null = null;
  try {
    expect((await send(capAlert({ id: `E2E-KC-${tag}`, code, severity: 'Extreme', urgency: 'Immediate', headline: `Mưa cực lớn ${tag}` }))).ketqua).toBe('phat');
    const draft = await send(capAlert({ id: `E2E-NH-${tag}`, code, severity: 'Moderate', urgency: 'Expected', headline: `Mưa vừa ${tag}` }));
    expect(draft.ketqua).toBe('nhap');
    draftId = draft.idlichphat;

    await page.goto(`${baseUrl()}/ket-noi`);
    const urgent = page.getByTestId('cap-alert-row').filter({ hasText: `Mưa cực lớn ${tag}` });
    await expect(urgent).toContainText('Đã phát ngay');
    await expect(urgent).toContainText(`Xã Cảnh Báo ${tag}`);
    await expect(urgent).toContainText(`Trạm KTTV ${tag}`);
    const pending = page.getByTestId('cap-alert-row').filter({ hasText: `Mưa vừa ${tag}` });
    await expect(pending).toContainText('Bản nháp chờ duyệt');
    // The demo's own sample (a Test message) is listed as ignored.
    await expect(page.getByTestId('cap-alert-row').filter({ hasText: 'LOA-DEMO-TRIEU-CUONG-1' })).toContainText('Bỏ qua');
    await pending.getByRole('link', { name: 'Xem bản nháp' }).click();
    await expect(page).toHaveURL(/\/quan-ly-lich-phat\?id=/);
    await page.goBack();
    await urgent.getByRole('link', { name: 'Xem bản tin' }).click();
    await expect(page).toHaveURL(/\/nhat-ky-phat-song\?tu=/);

    // The bulletin is stopped by the sender's Cancel.
    expect((await send(capAlert({ id: `E2E-HUY-${tag}`, code, severity: 'Extreme', urgency: 'Immediate', headline: 'Huỷ', msgType: 'Cancel', refs: `canhbao@kttv.gov.vn,E2E-KC-${tag},2026-10-01T07:00:00+07:00` }))).ketqua).toBe('huy');

    // Boundaries from a GeoJSON file, drawn on the device map (the demo communes have theirs).
    await page.goto(`${baseUrl()}/ban-do-thiet-bi`);
    await expect(page.locator('path.leaflet-interactive').first()).toBeVisible();
    const before = await page.locator('path.leaflet-interactive').count();
    await page.goto(`${baseUrl()}/quan-ly-dia-ban`);
    await page.getByTestId('boundaries-file').setInputFiles({
      name: 'ranh-gioi.geojson', mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { ma: code }, geometry: { type: 'Polygon', coordinates: [[[107.0, 16.7], [107.1, 16.7], [107.1, 16.8], [107.0, 16.8], [107.0, 16.7]]] } }] })),
    });
    await expect(page.getByText('Đã cập nhật ranh giới của 1 địa bàn.')).toBeVisible();
    await page.goto(`${baseUrl()}/ban-do-thiet-bi`);
    await expect(page.locator('path.leaflet-interactive')).toHaveCount(before + 1);
  } finally {
    if (draftId) await apiPost(page, '/v1/client/lichphat/xoalichphat', { id: draftId });
    // A live key holds its area; a revoked one lets it go.
    await apiPost(page, '/v1/client/khoaapi/thuhoi', { id: khoa._id });
    await commune.remove();
  }
});

test('the province connector shows that it gets through, a message the province refused with its error, and sends it again on request', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  // A change the province refuses the first time: a new commune whose name it objects to.
  const commune = await addCommune(page, `Xã ${E2E_PROVINCE_REFUSES_ONCE} ${Date.now() % 100000}`);
  try {
    await page.getByRole('link', { name: 'Kết nối' }).click();
    const section = page.getByRole('region', { name: 'Hệ thống thông tin nguồn cấp tỉnh' });
    const state = section.getByTestId('province-state');
    await expect(state).toContainText('Đã kết nối', { timeout: 20_000 });
    await expect(state).toContainText('loa-e2e');
    const refused = section.getByTestId('province-message').filter({ hasText: commune.tendiaban });
    await expect(refused).toContainText('Bị từ chối', { timeout: 20_000 });
    await expect(refused).toContainText('Tỉnh tạm từ chối thông điệp này');
    await expect(state).toContainText(/(^|\D)1\s*Bị từ chối/);

    await refused.getByRole('button', { name: 'Gửi lại' }).click();
    await expect(page.getByText('Đã đưa 1 thông điệp vào lượt gửi ngay.')).toBeVisible();
    // Taken the second time: it leaves the queue, and nothing is left refused.
    await expect(refused).toHaveCount(0, { timeout: 20_000 });
    await expect(state).toContainText(/(^|\D)0\s*Bị từ chối/, { timeout: 20_000 });
  } finally {
    await commune.remove();
  }
});

test('the README\'s CAP example reaches Xã Hải Thượng on the demo; alerts refused for an unknown code or a commune without speakers are on Kết nối and in the notifications (#28 items 11 and 12)', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const tag = String(Date.now() % 100000);
  const district = (await apiGet<{ _id: string; cap: string }[]>(page, '/v1/client/thietbi')).find((area) => area.cap === 'huyen')!;
  const { bimat, khoa } = await apiPost<{ bimat: string; khoa: { _id: string } }>(page, '/v1/client/khoaapi/themmoi', { ten: `Đài KTTV tỉnh ${tag}`, quyenhan: ['themsuaxoalichphat'], diaban: district._id });
  const post = (xml: string) => fetch(`${baseUrl()}/v1/client/cap`, { method: 'POST', headers: { authorization: `Bearer ${bimat}`, 'content-type': 'application/cap+xml' }, body: xml });
  // A commune with its code and no speaker.
  const empty = await addCommune(page, `Xã Chưa Có Loa ${tag}`);
  await apiPost(page, '/v1/client/diaban/diadanh/capnhat', { id: empty._id, mahanhchinh: `T${tag}` });
  let started: string | null = null;
  try {
    // The README's command, byte for byte the file it names.
    const readme = await post(fs.readFileSync(path.join(root, 'apps/server/src/features/cap/fixtures/vn-lu-quet.xml'), 'utf8'));
    const body = await readme.json() as { data: { ketqua: string; idlichphat: string | null } };
    expect(readme.status, JSON.stringify(body)).toBe(200);
    expect(body.data.ketqua).toBe('phat');
    started = body.data.idlichphat;

    const unknown = await post(capAlert({ id: `E2E-LA-${tag}`, code: `KHONG${tag}`, severity: 'Extreme', urgency: 'Immediate', headline: `Mã lạ ${tag}` }));
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    const silent = await post(capAlert({ id: `E2E-IM-${tag}`, code: `T${tag}`, severity: 'Extreme', urgency: 'Immediate', headline: `Xã im lặng ${tag}` }));
    expect(silent.status).toBeGreaterThanOrEqual(400);

    await page.goto(`${baseUrl()}/ket-noi`);
    const example = page.getByTestId('cap-alert-row').filter({ hasText: 'Cảnh báo lũ quét và sạt lở đất khẩn cấp' });
    await expect(example).toContainText('Đã phát ngay');
    await expect(example).toContainText('Xã Hải Thượng');
    const refusedUnknown = page.getByTestId('cap-alert-row').filter({ hasText: `Mã lạ ${tag}` });
    await expect(refusedUnknown).toContainText('Bị từ chối');
    await expect(refusedUnknown).toContainText(`KHONG${tag}`);
    const refusedSilent = page.getByTestId('cap-alert-row').filter({ hasText: `Xã im lặng ${tag}` });
    await expect(refusedSilent).toContainText('Bị từ chối');
    await expect(refusedSilent).toContainText('chưa có thiết bị nào');

    // The administrator is told, live, on the bell.
    await page.getByRole('button', { name: /^Thông báo/ }).click();
    const popup = page.getByRole('dialog', { name: 'Thông báo hệ thống' });
    await expect(popup.getByText('Cảnh báo CAP bị từ chối').first()).toBeVisible();
    await expect(popup).toContainText(`Xã im lặng ${tag}`);
  } finally {
    if (started) await apiPost(page, '/v1/client/lichphat/dungkhancap', { id: started });
    await apiPost(page, '/v1/client/khoaapi/thuhoi', { id: khoa._id });
    await empty.remove();
  }
});
