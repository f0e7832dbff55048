import { expect, test } from '@playwright/test';
import { CLOCK_SYNC, CSRF_HEADER, SOURCE_KINDS } from '@loa/contract';
import { SpeakerAgent, mqttUrlFromServer, skewedClock } from '../apps/speaker/src/index';
import { NotingPlayer, startsSeen } from '../apps/speaker/src/testing/notingPlayer';
import { addCommune, baseUrl, csrfOf, signIn } from './fixtures';

/** Clock errors of the commune's speakers: one right, one 30 s fast, one 30 s slow, one a little off. */
const ERRORS = [0, 30_000, -30_000, 1_800];

test('a speaker whose clock is 30 s wrong starts a bulletin in step with the others, and the device table shows its clock', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const tag = String(Date.now() % 1_000_000);
  const commune = await addCommune(page, `Xã Đồng Bộ ${tag}`);
  const agents: SpeakerAgent[] = [];
  const players: NotingPlayer[] = [];
  try {
    for (const [i, error] of ERRORS.entries()) {
      const added = await commune.addDevice(`Loa đồng bộ ${i + 1} ${tag}`, `SYNC-${i}-${tag}`);
      // The agent itself, over MQTT on WebSocket as a speaker behind a proxy would connect, with a wrong clock.
      const player = new NotingPlayer();
      players.push(player);
      const agent = new SpeakerAgent({ mqttUrl: mqttUrlFromServer(baseUrl()), deviceId: added.id, secret: added.secret, player, clock: skewedClock(error) });
      agents.push(agent);
      await agent.start();
    }
    // Synchronised: each estimate settled as a speaker's does after connecting (bounds no wider than
    // the settling target, docs/device-protocol.md "Clock"), not only its connect burst taken.
    await expect.poll(() => agents.every((a) => a.clock.status().samples >= 8 && (a.clock.uncertainty() ?? Infinity) <= CLOCK_SYNC.settleTargetMs), { timeout: 30_000 }).toBe(true);

    // What each speaker tells the server as it starts.
    const started = new Map<string, { position: number }>();
    for (const agent of agents) {
      agent.on('event', (e) => {
        if (e.type === 'started' && !started.has(agent.deviceId)) started.set(agent.deviceId, { position: e.position ?? -1 });
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
    // In step is what a listener hears: the true instant (this machine's clock is the server's) at
    // which each speaker's audio is at the bulletin's top (NotingPlayer.top). A speaker whose start ran
    // late starts that much further in and is still in step; one timed by its own clock is 1.8 s or
    // 30 s off.
    const tops = players.map((p) => p.top!);
    const seen = `${startsSeen(players)}; reported ${agents.map((a) => started.get(a.deviceId)?.position).join(', ')}`;
    expect(Math.max(...tops) - Math.min(...tops), seen).toBeLessThanOrEqual(50);
    // All began at the top of the bulletin: the one 30 s slow did not wait 30 s, the one 30 s fast
    // did not skip it, the one 1.8 s fast did not start 1.8 s in; and each told the server where it
    // began, to the tenth it reports.
    expect(Math.max(...players.map((p) => p.first!.from)), seen).toBeLessThan(1);
    agents.forEach((a, i) => expect(Math.abs(started.get(a.deviceId)!.position - players[i].first!.from), seen).toBeLessThanOrEqual(0.05 + 1e-9));

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
