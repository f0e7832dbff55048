import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@loa/contract';
import { makeMp3 } from '../apps/server/test/audio';
import { chooseCommune, signIn } from './fixtures';
import { SCREENS } from './screens';

// A phone held upright (390 × 844), touch only.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** How far the page reaches past the phone's width (0: it fits; a phone widens its layout to the content, so not innerWidth). */
const sideways = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - 390);

async function expectWithinScreen(page: Page, name: string | RegExp, where = '') {
  const box = await page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name }).boundingBox();
  expect(box, `${where} ${name}`).not.toBeNull();
  expect(box!.x, `${where} ${name}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where} ${name}`).toBeLessThanOrEqual(390);
}

test('every screen fits a phone without scrolling sideways, with the account chip on screen', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const problems: string[] = [];
  for (const path of SCREENS) {
    await page.goto(page.url().replace(/\/[^/]*$/, path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Đang tải' })).toHaveCount(0, { timeout: 20_000 }); // the screen's code has loaded
    await page.waitForLoadState('networkidle');
    problems.push(...[(await sideways(page)) > 0 ? `${path} reaches ${await sideways(page)} px past the screen` : null].filter((p): p is string => p !== null));
    if ((await sideways(page)) <= 0) await expectWithinScreen(page, /^Tài khoản:/, path);
  }
  expect(problems).toEqual([]);
});

test('on a phone the side menu is a drawer holding the language and theme, and the account menu opens', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Mở hoặc đóng menu' }).tap();
  const nav = page.getByRole('navigation', { name: 'Menu chính' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ngôn ngữ (Language)' })).toBeVisible();
  await nav.getByRole('link', { name: 'Quản lý thiết bị' }).tap();
  await expect(page).toHaveURL(/\/quan-ly-thiet-bi$/);
  await expect(nav).toBeHidden();
  // The header keeps the date (spec §1), short, on screen.
  const date = page.getByTestId('header-date');
  await expect(date).toHaveText(/^(T[2-7]|CN), \d{2}\/\d{2}\/\d{4}$/);
  const dateBox = await date.boundingBox();
  expect(dateBox!.x + dateBox!.width).toBeLessThanOrEqual(390);
  // Devices are cards whose actions (⋮) are on screen and open.
  const card = page.getByTestId('device-row').first();
  await expect(card).toBeVisible();
  const actions = card.getByRole('button', { name: /^Thao tác/ });
  const actionsBox = await actions.boundingBox();
  expect(actionsBox!.x + actionsBox!.width).toBeLessThanOrEqual(390);
  await actions.tap();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tài khoản' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Thông tin tài khoản' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Đăng xuất' })).toBeVisible();
});

test('an emergency broadcast from a phone: full-screen dialog, sources reordered by touch, confirm, Stop', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expectWithinScreen(page, 'Phát khẩn cấp');
  await page.getByRole('button', { name: 'Phát khẩn cấp' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await dialog.getByLabel('Tên chương trình').fill('Thông báo khẩn từ điện thoại');
  await chooseCommune(page, dialog, 'Xã Hải Ba');
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
  // Long enough that the bulletin is still on air when Stop is tapped on a slow machine (a 7 s one had
  // ended by then: the header's button had turned back into 'Phát khẩn cấp' and the tap opened the dialog).
  for (const name of ['mot.mp3', 'hai.mp3']) {
    await dialog.getByRole('button', { name: 'Thêm nguồn phát' }).tap();
    const source = page.getByRole('dialog').last();
    await source.getByRole('tab', { name: 'Tệp' }).tap();
    await source.getByTestId('file-input').setInputFiles({ name, mimeType: 'audio/mpeg', buffer: makeMp3(name === 'mot.mp3' ? 40 : 30, 32) });
    await source.getByRole('button', { name: 'Thêm', exact: true }).tap();
  }
  const items = dialog.getByTestId('source-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('mot.mp3');
  // The timeline by touch: the drag handle keeps the finger (no page scroll), the move buttons reorder.
  expect(await dialog.getByRole('button', { name: 'Kéo để sắp xếp nguồn phát 1' }).evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');
  await dialog.getByRole('button', { name: 'Đưa nguồn phát 1 xuống' }).tap();
  await expect(items.first()).toContainText('hai.mp3');
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await dialog.getByRole('button', { name: 'Phát', exact: true }).tap();
  const confirm = page.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
  await expect(confirm.getByTestId('confirm-communes')).toHaveText('Xã Hải Ba');
  await confirm.getByRole('button', { name: 'Xác nhận phát' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: MSG.broadcastSuccess })).toBeVisible({ timeout: 20_000 });
  await expectWithinScreen(page, 'Dừng phát');
  await page.getByRole('button', { name: 'Dừng phát', exact: true }).tap();
  await expect(page.getByRole('alert').filter({ hasText: MSG.stopSuccess })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Phát khẩn cấp' })).toBeVisible();
});
