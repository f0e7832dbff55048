import { expect, test, type Page } from '@playwright/test';
import { CSRF_HEADER, LIVE_MESSAGES, MSG, mp3FramesDuration, type DeviceCommand } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '../apps/speaker/src/index';
import { mqttUrlFromServer } from '../apps/speaker/src/urls';
import config from './playwright.config';
import { baseUrl, chooseCommune, csrfOf, signIn } from './fixtures';

// Issue #12: live voice from the console's microphone (Chromium's fake device: a steady beep).
const COMMUNE = 'Xã Hải Sơn';
test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
});

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Real speaker agents added to the commune through the API: they take commands over MQTT and open the audio they are given. */
async function addSpeakers(page: Page, count: number) {
  const areas = (await (await page.request.get(`${baseUrl()}/v1/client/thietbi`)).json()).data as { _id: string; tendiaban: string }[];
  const area = areas.find((a) => a.tendiaban === COMMUNE)!;
  const agents: SpeakerAgent[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await page.request.post(`${baseUrl()}/v1/client/thietbi/themmoi`, {
      headers: { [CSRF_HEADER]: await csrfOf(page) },
      data: { tenthietbi: `Loa trực tiếp ${i + 1}`, diaban: area._id, serial: `E2E-LIVE-${Date.now()}-${i}` },
    });
    expect(res.status()).toBe(200);
    const { thietbi, secret } = (await res.json()).data as { thietbi: { _id: string }; secret: string };
    // A silent player that opens every address it is given (a refused or dead stream is reported as an error).
    const agent = new SpeakerAgent({ mqttUrl: mqttUrlFromServer(baseUrl()), deviceId: thietbi._id, secret, player: new SilentPlayer({ fetchAudio: true }), audioBaseUrl: baseUrl(), reconnectBaseMs: 200 });
    await agent.start();
    agents.push(agent);
  }
  await expect.poll(() => agents.every((a) => a.areas.length > 0)).toBe(true);
  return agents;
}

/** Reads an endless audio stream for a while: the bytes it brought. */
async function readFor(url: string, ms: number, headers: Record<string, string> = {}): Promise<Buffer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  let bytes = Buffer.alloc(0);
  try {
    const response = await fetch(url, { signal: abort.signal, headers });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes = Buffer.concat([bytes, Buffer.from(value)]);
    }
  } catch {
    // cut by the timer
  } finally {
    clearTimeout(timer);
  }
  return bytes;
}

test('an officer goes live from the header: the commune\'s speakers fetch the voice, the listen link plays it, Stop ends it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const agents = await addSpeakers(page, 2);
  const commands: DeviceCommand[] = [];
  const errors: string[] = [];
  agents[0].on('command', (c) => commands.push(c));
  for (const a of agents) a.on('event', (e) => { if (e.type === 'error') errors.push(e.message ?? ''); });
  try {
    await page.getByRole('button', { name: 'Phát trực tiếp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Phát trực tiếp' });
    // The checks of any broadcast, in the same order and words (spec §5).
    await dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' }).click();
    await expect(alert(page, MSG.noMessageType)).toBeVisible();
    await dialog.getByLabel('Tên chương trình').fill('Thông báo trực tiếp của xã');
    await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
    await chooseCommune(page, dialog, COMMUNE);
    await dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' }).click();

    await expect(dialog.getByTestId('live-voice-status')).toHaveText('Đang phát trực tiếp', { timeout: 15_000 });
    await expect(alert(page, LIVE_MESSAGES.started)).toBeVisible();
    // The chime first, then the voice; the elapsed time runs and the meter moves with the fake microphone.
    await expect(dialog.getByTestId('live-voice-chime')).toBeVisible();
    await expect(dialog.getByTestId('live-voice-elapsed')).toHaveText('00:00:03', { timeout: 6000 });
    // The fake device's beep is short and comes at intervals: the meter shows each 85 ms block's
    // level, so it is above 0 only now and then. Watched in the page, every change, not sampled by
    // polling (a poll on a loaded machine saw 0 for five seconds).
    const meterMoved = await dialog.getByTestId('live-voice-level').evaluate((meter) => new Promise<boolean>((resolve) => {
      const moved = () => Number(meter.getAttribute('data-level')) > 0;
      if (moved()) return resolve(true);
      const observer = new MutationObserver(() => {
        if (!moved()) return;
        observer.disconnect();
        resolve(true);
      });
      observer.observe(meter, { attributes: true, attributeFilter: ['data-level'] });
      setTimeout(() => {
        observer.disconnect();
        resolve(false);
      }, 8000);
    }));
    expect(meterMoved, 'the level meter moved with the microphone within 8 s').toBe(true);

    // Every real speaker was told to play the live item, and opened it without an error.
    await expect.poll(() => agents.every((a) => a.playing?.title === 'Phát trực tiếp'), { timeout: 5000 }).toBe(true);
    const play = commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play')!;
    expect(play.items.map((i) => i.kind)).toEqual(['file', 'live']);
    const sessionId = play.sessionId;
    // The stream the speakers fetch carries the browser's MP3, whole frames.
    const heard = await readFor(baseUrl() + play.items[1].url, 1500);
    expect(mp3FramesDuration(heard)).toBeGreaterThan(800);
    // The listen link (the officer's own session) plays it too.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const listened = await readFor(`${baseUrl()}/v1/client/phatngay/nghe/${sessionId}`, 1500, { cookie });
    expect(listened.length).toBeGreaterThan(4000);

    // Put aside while on air: the map's data and the live panel show every speaker of the commune
    // (the demo ones too) playing it, as live voice.
    await dialog.getByRole('button', { name: 'Thu nhỏ' }).click();
    await expect(dialog).toBeHidden();
    const areas = (await (await page.request.get(`${baseUrl()}/v1/client/thietbi`)).json()).data as { _id: string; tendiaban: string }[];
    const commune = areas.find((a) => a.tendiaban === COMMUNE)!;
    const speakersOf = async () => (await (await page.request.get(`${baseUrl()}/v1/client/thietbi/laythietbi?diaban=${commune._id}`)).json()).data as { trangthai: { dangphat: { sessionId: string } | null } }[];
    await expect.poll(async () => (await speakersOf()).every((d) => d.trangthai.dangphat?.sessionId === sessionId), { timeout: 5000 }).toBe(true);
    const fleet = (await speakersOf()).length;
    await page.getByRole('button', { name: 'Đang phát' }).click();
    const card = page.locator(`[data-testid="live-card"][data-id="${sessionId}"]`);
    await expect(card).toContainText('Thông báo trực ti');
    await expect(card.getByTestId('live-card-voice')).toHaveText('Trực tiếp');
    await expect(card.getByTestId('reach-playing')).toHaveText(`${fleet} / ${fleet} loa`);
    await expect(card.getByTestId('live-elapsed')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await page.keyboard.press('Escape');
    // The header brings the dialog back, still on air.
    await page.getByRole('button', { name: 'Đang trực tiếp' }).click();
    await expect(dialog.getByTestId('live-voice-status')).toHaveText('Đang phát trực tiếp');

    // Mute, then Stop: every speaker is silent within 2 s.
    await dialog.getByRole('button', { name: 'Tắt micrô' }).click();
    await expect(dialog.getByTestId('live-voice-mic')).toHaveText('Micrô đang tắt — loa đang im lặng');
    const stopped = Date.now();
    await dialog.getByRole('button', { name: 'Dừng phát trực tiếp' }).click();
    await expect.poll(() => agents.every((a) => a.playing === null), { timeout: 2000, intervals: [100] }).toBe(true);
    expect(Date.now() - stopped).toBeLessThan(2500);
    await expect(alert(page, LIVE_MESSAGES.stopped)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
    for (const a of agents) {
      await page.request.post(`${baseUrl()}/v1/client/thietbi/xoa`, { headers: { [CSRF_HEADER]: await csrfOf(page) }, data: { id: a.deviceId } });
    }
  }
});

test('closing the tab ends the live session on the speakers', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await signIn(page);
  const agents = await addSpeakers(page, 1);
  const cleanup = await context.newPage();
  try {
    await page.getByRole('button', { name: 'Phát khẩn cấp' }).click();
    // Live voice is a mode of the broadcast-now dialog too: what was filled in comes along.
    const broadcast = page.getByRole('dialog', { name: 'Phát khẩn cấp' });
    await broadcast.getByLabel('Tên chương trình').fill('Trực tiếp từ hộp thoại');
    await broadcast.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
    await chooseCommune(page, broadcast, COMMUNE);
    await broadcast.getByRole('button', { name: 'Phát trực tiếp bằng micrô' }).click();
    const dialog = page.getByRole('dialog', { name: 'Phát trực tiếp' });
    await expect(dialog.getByLabel('Tên chương trình')).toHaveValue('Trực tiếp từ hộp thoại');
    await dialog.getByLabel('Phát chuông báo trước khi nói').uncheck();
    await dialog.getByLabel('Giữ nút để nói').check();
    await dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' }).click();
    await expect(dialog.getByTestId('live-voice-status')).toHaveText('Đang phát trực tiếp', { timeout: 15_000 });
    await expect(dialog.getByTestId('live-voice-mic')).toHaveText('Micrô đang tắt — loa đang im lặng');
    await expect.poll(() => agents[0].playing?.title, { timeout: 5000 }).toBe('Phát trực tiếp');
    await page.close();
    await expect.poll(() => agents[0].playing, { timeout: 2000, intervals: [100] }).toBeNull();
  } finally {
    await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
    // The context's cookies still hold the login: the closed tab's page is gone, another one asks.
    for (const a of agents) await cleanup.request.post(`${baseUrl()}/v1/client/thietbi/xoa`, { headers: { [CSRF_HEADER]: await csrfOf(cleanup) }, data: { id: a.deviceId } });
    await context.close();
  }
});
