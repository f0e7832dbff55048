import { expect, test, type Page } from '@playwright/test';
import { CSRF_HEADER } from '@loa/contract';
import { id3Title, makeMp3 } from '../apps/server/test/audio';
import { apiGet, apiPost, baseUrl, csrfOf, signIn, signedInPage } from './fixtures';
import { SCREENS } from './screens';

/**
 * Issue #27 finding 1, as the attack ran it: a clerk who may only make schedules uploads an MP3 named
 * `….html` whose ID3 title is a script that makes an API key with every right in the name of whoever
 * opens it. The administrator then opens the file's link. Nothing of the script may run.
 */
const PAYLOAD = `<html><body><script>
  window.__loaXss = true;
  const csrf = document.cookie.split('; ').find((c) => c.startsWith('loa_csrf='))?.split('=')[1];
  fetch('/v1/client/khoaapi/themmoi', { method: 'POST', headers: { 'content-type': 'application/json', '${CSRF_HEADER}': csrf },
    body: JSON.stringify({ ten: 'cua-ke-tan-cong', quyenhan: ['quanlytaikhoan'], diaban: null }) });
</script></body></html>`;

async function newClerk(admin: Page) {
  const commune = (await apiGet<{ _id: string; cap: string }[]>(admin, '/v1/client/thietbi')).find((area) => area.cap === 'xa')!;
  const clerk = { tentaikhoan: `vanthu${Date.now() % 1_000_000}`, password: 'mat-khau-van-thu-2026' };
  const account = await apiPost<{ _id: string }>(admin, '/v1/client/taikhoan/themmoi', {
    tentaikhoan: clerk.tentaikhoan, matkhau: clerk.password, hoten: 'Văn Thư Xã', loaitaikhoan: 'canbo', quyenhan: ['themsuaxoalichphat'], diaban: commune._id,
  });
  return { ...clerk, remove: () => apiPost(admin, '/v1/client/taikhoan/xoa', { id: account._id }) };
}

const keyNames = async (admin: Page) => (await apiGet<{ ten: string }[]>(admin, '/v1/client/khoaapi/danhsach')).map((k) => k.ten);

test('an upload carrying a script is served as audio: opening its link runs nothing as the administrator', async ({ browser }) => {
  const admin = await signedInPage(browser);
  const clerk = await newClerk(admin);
  try {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, clerk);
    const [address] = await apiPost<{ url: string; fields: { key: string } }[]>(page, '/v1/client/lichphat/geturlupload', { key: ['thong-bao-khan.html'] });
    expect(address.fields.key).toMatch(/-thong-bao-khan\.mp3$/);
    const put = await page.request.put(baseUrl() + address.url, {
      headers: { 'content-type': 'audio/mpeg', [CSRF_HEADER]: await csrfOf(page) }, data: Buffer.concat([id3Title(PAYLOAD), makeMp3(2)]),
    });
    expect(put.status()).toBe(204);
    await page.context().close();

    const before = await keyNames(admin);
    const opened = await admin.goto(`${baseUrl()}/media/${address.fields.key}`);
    expect(opened?.headers()['content-type']).toBe('audio/mpeg');
    expect(opened?.headers()['x-content-type-options']).toBe('nosniff');
    // Chromium shows its audio player, not a page made of the file's bytes.
    expect(await admin.evaluate(() => document.contentType)).toBe('audio/mpeg');
    expect(await admin.evaluate(() => (window as { __loaXss?: boolean }).__loaXss)).toBeUndefined();
    await admin.waitForTimeout(500);
    expect(await keyNames(admin)).toEqual(before);
  } finally {
    await clerk.remove();
  }
});

test('the console runs under a policy that blocks inline script, and works under it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page);
  for (const screen of SCREENS) {
    await page.goto(baseUrl() + screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // A script element injected into the page (what a stored XSS would do) does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__loaInline = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as { __loaInline?: boolean }).__loaInline === true;
  });
  expect(ran).toBe(false);
  expect(violations.filter((v) => !v.includes('__loaInline') && !/inline script/i.test(v))).toEqual([]);
});
