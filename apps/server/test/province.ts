import type { Config } from '../src/config';
import type { Db } from '../src/infra/db';
import { FakeProvince } from './fakeProvince';
import { sharedDb, startTestServer, type TestServer } from './helpers';

/** The server's configuration for a fake province: short waits, so a minute's outage is seconds. */
export const provinceConfig = (fake: FakeProvince, extra: Partial<Config> = {}): Partial<Config> => ({
  HTTT_NGUON_URL: fake.url, HTTT_NGUON_KHOA: fake.key, HTTT_NGUON_MA: 'loa-thu-nghiem', HTTT_NGUON_POLL_MS: 50,
  HTTT_NGUON_RETRY_BASE_MS: 100, HTTT_NGUON_RETRY_MAX_MS: 400, HTTT_NGUON_TIMEOUT_MS: 2000, ...extra,
});

/** Removes the exchange's rows and settings from the shared test database (before and after a province test file). */
export async function cleanProvince(db: Db): Promise<void> {
  await db.query('DELETE FROM province_outbox');
  await db.query('DELETE FROM province_inbound');
  await db.query("DELETE FROM settings WHERE key LIKE 'httt_nguon.%'");
}

/** A fake province listening, told to let pass the devices other test files left in the shared database. */
export async function startFakeProvince(db: Db): Promise<FakeProvince> {
  const fake = new FakeProvince(`khoa-tinh-${Math.random().toString(36).slice(2)}`);
  const existing = await db.query<{ id: string }>('SELECT id FROM devices');
  fake.ignoredDevices = new Set(existing.map((d) => d.id));
  await fake.up();
  return fake;
}

/** A fake province and a server exchanging with it, on the shared database cleaned of the exchange's rows. */
export async function startProvinceWorld(): Promise<{ fake: FakeProvince; server: TestServer }> {
  const db = await sharedDb();
  await cleanProvince(db);
  const fake = await startFakeProvince(db);
  return { fake, server: await startTestServer(provinceConfig(fake)) };
}

/** Stops them and leaves the shared database as it was found. */
export async function stopProvinceWorld(world: { fake: FakeProvince; server: TestServer }): Promise<void> {
  await world.server.close();
  await world.fake.down();
  await cleanProvince(world.server.db);
}
