import { expect, test } from '@playwright/test';
import { CSRF_HEADER, SOURCE_KINDS } from '@loa/contract';
import { SilentPlayer, SpeakerAgent, mqttUrlFromServer, skewedClock } from '../apps/speaker/src/index';
import { addCommune, baseUrl, csrfOf, signIn } from './fixtures';

/** Clock errors of the commune's speakers: one right, one 30 s fast, one 30 s slow, one a little off. */
const ERRORS = [0, 30_000, -30_000, 1_800];

test('a speaker whose clock is 30 s wrong starts a bulletin in step with the others, and the device table shows its clock', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const tag = String(Date.now() % 1_000_000);
  const commune = await addCommune(page, `Xã Đồng Bộ ${tag}`);
  const agents: SpeakerAgent[] = [];
  try {
    for (const [i, error] of ERRORS.entries()) {
      const added = await commune.addDevice(`Loa đồng bộ ${i + 1} ${tag}`, `SYNC-${i}-${tag}`);
      // The agent itself, over MQTT on WebSocket as a speaker behind a proxy would connect, with a wrong clock.
      const agent = new SpeakerAgent({ mqttUrl: mqttUrlFromServer(baseUrl()), deviceId: added.id, secret: added.secret, player: new SilentPlayer(), clock: skewedClock(error) });
      agents.push(agent);
      await agent.start();
    }
    await expect.poll(() => agents.every((a) => a.clock.status().samples >= 8), { timeout: 10_000 }).toBe(true);

    // The true instant each speaker starts (this machine's clock is the server's).
    const started = new Map<string, { at: number; position: number }>();
    for (const agent of agents) {
      agent.on('event', (e) => {
        if (e.type === 'started' && !started.has(agent.deviceId)) started.set(agent.deviceId, { at: Date.now(), position: e.position ?? -1 });
      });
    }
    const res = await page.request.post(`${baseUrl()}/v1/client/phatngay/phatngay`, {
      headers: { [CSRF_HEADER]: await csrfOf(page) },
      multipart: {
        thongtin: JSON.stringify({ tieude: `Bản tin đồng bộ ${tag}`, loaibantin: 2, uutien: 1, diabanchon: [commune._id], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }),
        nguonphat: JSON.stringify([{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 10, tenkenh: 'VOV1', url: 'https://dai-huyen.example.vn/truc-tiep.mp3', thoiluong: 10 }]),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect.poll(() => started.size, { timeout: 5_000 }).toBe(agents.length);
    const instants = [...started.values()].map((s) => s.at);
    expect(Math.max(...instants) - Math.min(...instants)).toBeLessThanOrEqual(50);
    // All began at the same point of the bulletin, its top: the one 30 s slow did not wait 30 s, the one
    // 30 s fast did not skip it, the one 1.8 s fast did not start 1.8 s in. (A command that reaches them
    // after its start instant on a loaded machine makes all of them seek in by the same amount; the
    // positions are reported to a tenth of a second: 0.1 s apart is rounding.)
    const positions = [...started.values()].map((s) => s.position);
    expect(Math.max(...positions) - Math.min(...positions), `positions ${positions.join(', ')}`).toBeLessThanOrEqual(0.15);
    expect(Math.max(...positions), `positions ${positions.join(', ')}`).toBeLessThan(1);

    // The device table shows each speaker's clock: 30 s fast as "+30,0 s", well synchronised.
    await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
    await page.getByLabel('Tìm kiếm').fill(`đồng bộ`);
    const row = (i: number) => page.getByTestId('device-row').filter({ hasText: `Loa đồng bộ ${i + 1} ${tag}` });
    await expect(row(1).getByTestId('device-clock')).toHaveText('+30,0 s', { timeout: 25_000 });
    await expect(row(1).getByTestId('device-clock')).toHaveAttribute('data-quality', 'tot');
    await expect(row(2).getByTestId('device-clock')).toHaveText('−30,0 s');
    await expect(row(3).getByTestId('device-clock')).toHaveText('+1,8 s');
    await row(1).getByRole('button', { name: /Thao tác với/ }).click();
    await page.getByRole('menuitem', { name: 'Chi tiết' }).click();
    const detail = page.getByRole('dialog', { name: `Chi tiết thiết bị Loa đồng bộ 2 ${tag}` });
    await expect(detail).toContainText('Đồng bộ tốt');
    // The bulletin may have ended by itself by now: "nothing to stop" (404) is fine too.
    const stopped = await page.request.post(`${baseUrl()}/v1/client/phatngay/dungphatngay`, { headers: { [CSRF_HEADER]: await csrfOf(page) }, data: {} });
    expect([200, 404], await stopped.text()).toContain(stopped.status());
  } finally {
    await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
    await commune.remove();
  }
});
