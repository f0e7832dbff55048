import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@loa/contract';
import { baseUrl, signIn } from './fixtures';
import { SCREENS } from './screens';

/** Serious and critical axe findings (WCAG 2.1 A and AA) on what the page shows now, as readable lines. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  // What the page shows once its transitions are over (a label caught mid-fade has half its contrast).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function settle(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Đang tải' })).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

test('the sign-in page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto(`${baseUrl()}/login`);
  await expect(page.getByLabel('Tên tài khoản')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no signed-in screen has a serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const found: string[] = [];
  for (const path of SCREENS) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await settle(page);
    found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});

test('the main dialogs have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const found: string[] = [];
  const check = async (label: string, open: () => Promise<void>, dialogName?: string | RegExp) => {
    await open();
    const dialog = dialogName ? page.getByRole('dialog', { name: dialogName }) : page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    found.push(...(await seriousViolations(page, '[role="dialog"]')).map((v) => `${label}: ${v}`));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await check('broadcast', () => page.getByRole('button', { name: 'Phát khẩn cấp' }).click(), 'Phát khẩn cấp');
  await check('live voice', () => page.getByRole('button', { name: 'Phát trực tiếp' }).click(), /Phát trực tiếp/);
  await check('profile', async () => {
    await page.getByRole('button', { name: 'Tài khoản' }).click();
    await page.getByRole('menuitem', { name: 'Thông tin tài khoản' }).click();
  }, /Thông tin tài khoản/);
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await settle(page);
  await check('device form', () => page.getByRole('button', { name: 'Thêm thiết bị' }).click());
  await page.goto(`${baseUrl()}/quan-ly-tai-khoan`);
  await settle(page);
  await check('account form', () => page.getByRole('button', { name: 'Tạo tài khoản' }).click());
  expect(found).toEqual([]);
});

test('keyboard only: sign in, send an emergency broadcast of a relay and stop it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl()}/login`);
  // Sign in: the fields and the button in tab order.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tên tài khoản')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mật khẩu', { exact: true })).toBeFocused();
  await page.keyboard.type('e2e-admin-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Tài khoản' })).toBeVisible();

  // Tab to the emergency button and open the dialog.
  const emergency = page.getByRole('button', { name: 'Phát khẩn cấp' });
  for (let i = 0; i < 30 && !(await emergency.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(emergency).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await expect(dialog).toBeVisible();
  await focusBy(page, dialog.getByLabel('Tên chương trình'));
  await page.keyboard.type('Thông báo bằng bàn phím');

  // The commune and all its speakers, by typing and arrows in the comboboxes.
  await focusBy(page, dialog.getByRole('combobox', { name: 'Địa bàn' }));
  await page.keyboard.type('Xã Hải Ba');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await focusBy(page, dialog.getByRole('combobox', { name: 'Thiết bị' }));
  await page.keyboard.press('ArrowDown'); // opens the list
  await page.keyboard.press('ArrowDown'); // its first entry: every speaker
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: MSG.allDevices })).toBeVisible();
  await focusBy(page, dialog.getByLabel('Loại bản tin'));
  await page.keyboard.press('ArrowDown');

  // A relay source through its own dialog.
  await focusBy(page, dialog.getByRole('button', { name: 'Thêm nguồn phát' }));
  await page.keyboard.press('Enter');
  const source = page.getByRole('dialog').last();
  // Tabs take the focus once (the chosen tab), then the arrow keys move between them.
  await focusBy(page, source.getByRole('tab', { selected: true }));
  const relayTab = source.getByRole('tab', { name: 'Tiếp sóng' });
  for (let i = 0; i < 6 && !(await relayTab.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowRight');
  await expect(relayTab).toBeFocused();
  await page.keyboard.press('Enter');
  // The demo's first relay channel: a native select moves with the arrow keys.
  await focusBy(page, source.getByLabel('Kênh tiếp sóng'));
  await page.keyboard.press('ArrowDown');
  await focusBy(page, source.getByLabel('Thời lượng (phút)'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await focusBy(page, source.getByRole('button', { name: 'Thêm', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('source-item')).toHaveCount(1);

  await focusBy(page, dialog.getByRole('button', { name: 'Phát', exact: true }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
  await focusBy(page, confirm.getByRole('button', { name: 'Xác nhận phát' }));
  await page.keyboard.press('Enter');
  const stop = page.getByRole('button', { name: 'Dừng phát', exact: true });
  await expect(stop).toBeVisible({ timeout: 20_000 });
  await focusBy(page, stop);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Phát khẩn cấp' })).toBeVisible({ timeout: 10_000 });
});

/** Presses Tab (then Shift+Tab) until `target` has the focus: the way a keyboard user gets there. */
async function focusBy(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  await expect(target).toBeVisible();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 40; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
      await page.keyboard.press(key);
    }
  }
  await expect(target).toBeFocused();
}
