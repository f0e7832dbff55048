import { writeFile } from 'node:fs/promises';
import type { ScheduleBody } from '@loa/contract';
import type { Page } from 'playwright-core';
import { ConsoleClient } from './consoleClient';
import { inPool, sleep } from './pool';
import { createDistrict, registerDevices } from './seed';
import type { BenchServer } from './server';
import { distribution, type Distribution } from './stats';

const VN_OFFSET_MS = 7 * 3600 * 1000;
const DAY_MS = 86_400_000;
/** Occurrences each schedule has in the measured week: Monday to Friday, twice a day. */
const PER_SCHEDULE = 10;

export interface CalendarFigures {
  occurrences: number;
  /** Click on "Sau" (next week) to the frame after every block of the seeded week is in the page, the first time. */
  coldMs: number;
  /** The same again after going back a week, each run. */
  renderMs: number[];
  /** Frame intervals while a block is dragged three hours down and back (ms). */
  dragFrames: Distribution;
  /** Frames longer than 50 ms during the drag. */
  longFrames: number;
  dragMs: number;
}

/** The Monday (YYYY-MM-DD) of next Vietnam week. */
function nextMonday(now: number): string {
  const today = Math.floor((now + VN_OFFSET_MS) / DAY_MS);
  const weekday = (new Date(today * DAY_MS).getUTCDay() + 6) % 7;
  return new Date((today - weekday + 7) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Seeds `occurrences` occurrences into next week (approved weekly schedules, Monday to Friday at two
 * times, 20 to 50 minutes long, over five communes: overlaps and clashes as a busy district has), then
 * opens the console's calendar, goes to that week and measures its render and the frames of a
 * scripted drag. `page` is signed in as the administrator.
 */
export async function measureCalendar(server: BenchServer, page: Page, occurrences: number, runs: number): Promise<CalendarFigures> {
  const client = new ConsoleClient(server.baseUrl);
  await client.login(server.adminUser, server.adminPassword);
  const { communeIds } = await createDistrict(client, 5);
  await registerDevices(client, 10, communeIds, 4);
  const monday = nextMonday(Date.now());
  const count = Math.ceil(occurrences / PER_SCHEDULE);
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  await inPool(Array.from({ length: count }, (_, i) => i), 4, async (i) => {
    const first = 5 * 60 + ((i * 37) % (13 * 60)); // between 05:00 and 18:00
    const body: Partial<ScheduleBody> = {
      tieude: `Chương trình ${i + 1}`, diabanchon: [communeIds[i % communeIds.length]!], thietbichon: ['tatca'], loaibantin: (i % 6) + 1,
      chedophat: 'hangtuan', thutrongtuan: [1, 2, 3, 4, 5], ngaybatdau: monday, ngayketthuc: new Date(Date.parse(monday) + 6 * DAY_MS).toISOString().slice(0, 10),
      giophat: [hhmm(first), hhmm(first + 5 * 60)],
      nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: (20 + (i % 4) * 10) * 60 }],
    };
    await client.post('/v1/client/lichphat/taolichphat', body);
  });
  const expected = count * PER_SCHEDULE;

  // The calendar opens on this week; "Sau" shows the seeded one: each time a full render of its blocks.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`${server.baseUrl}/quan-ly-lich-phat`);
  await page.getByRole('button', { name: 'Lịch biểu' }).click();
  await page.getByTestId('schedule-calendar').waitFor();
  await page.locator('.fc-timegrid-slot-lane').first().waitFor();
  /** Clicks a toolbar button and answers the time to the frame after `n` blocks are in the page. */
  // In-page scripts as text: the bench runs through tsx, whose helpers do not exist in the page.
  const renderAfter = (label: string, n: number) => page.evaluate<number>(`new Promise((resolve) => {
    const button = document.querySelector('button[aria-label="${label}"]');
    const t0 = performance.now();
    button.click();
    const tick = () => {
      if (document.querySelectorAll('[data-testid="calendar-event"]').length === ${n}) requestAnimationFrame(() => resolve(performance.now() - t0));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
  const thisWeek = await page.locator('[data-testid="calendar-event"]').count();
  // LOA_BENCH_CALENDAR_PROFILE=/tmp/x writes the first render's Chromium CPU profile to /tmp/x.cpuprofile (open it in DevTools).
  const profilePath = process.env.LOA_BENCH_CALENDAR_PROFILE;
  const cdp = profilePath ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const coldMs = await renderAfter('Sau', expected);
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(`${profilePath}.cpuprofile`, JSON.stringify(profile));
    await cdp.detach();
  }
  const renderMs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await renderAfter('Trước', thisWeek);
    await sleep(300);
    renderMs.push(await renderAfter('Sau', expected));
  }

  // A scripted drag: a block of Wednesday held and moved three hours down and back, 60 pointer moves a frame apart.
  const event = page.locator('[data-testid="calendar-event"][data-time="09:00"]').first();
  const target = (await event.count()) > 0 ? event : page.locator('[data-testid="calendar-event"]').nth(Math.floor(expected / 2));
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(6, box.height / 2);
  await page.evaluate(`(() => {
    window.frames_ = [];
    window.recording_ = true;
    let last = performance.now();
    const tick = (at) => {
      window.frames_.push(at - last);
      last = at;
      if (window.recording_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = Date.now();
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 30; i += 1) {
    await page.mouse.move(x, y + i * 6);
    await sleep(16);
  }
  // The library draws the dragged block as a mirror: without one, nothing was dragged and the figure would mean nothing.
  if ((await page.locator('.fc-event-mirror').count()) === 0) throw new Error('the scripted drag did not start (no dragged block on screen)');
  for (let i = 29; i >= 0; i -= 1) {
    await page.mouse.move(x, y + i * 6);
    await sleep(16);
  }
  await page.mouse.up();
  const dragMs = Date.now() - started;
  const frames = await page.evaluate<number[]>('(() => { window.recording_ = false; return window.frames_.slice(1); })()');
  return { occurrences: expected, coldMs, renderMs, dragFrames: distribution(frames), longFrames: frames.filter((f) => f > 50).length, dragMs };
}
