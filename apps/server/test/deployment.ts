import crypto from 'node:crypto';
import { expect } from 'vitest';
import { SOURCE_KINDS, vnClock } from '@loa/contract';
import { localDate } from '../src/features/schedules/recurrence';
import { makeMp3 } from './audio';
import { TestClient } from './helpers';

/** What seedDeployment made through the API, to look for after a backup's round trip or an upgrade. */
export interface SeededDeployment {
  districtId: string;
  communeId: string;
  communeName: string;
  deviceId: string;
  deviceName: string;
  deviceSecret: string;
  mediaKey: string;
  mediaBytes: Buffer;
  scheduleId: string;
  scheduleTitle: string;
}

/**
 * Makes what an operator would have, through the API as the console does, signed in as `client`:
 * a district and a commune, a speaker, an uploaded MP3 (in the media library) and a weekly schedule
 * that plays it (approved: the administrator holds duyetlichphat).
 */
export async function seedDeployment(client: TestClient): Promise<SeededDeployment> {
  const tag = crypto.randomBytes(3).toString('hex');
  const ok = <T>(res: { status: number; body: any }, what: string): T => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as T;
  };
  const district = ok<{ _id: string }>(await client.post('/v1/client/diaban/themmoi', { tendiaban: `Huyện Sao Lưu ${tag}`, cap: 'huyen' }), 'district');
  const communeName = `Xã Khôi Phục ${tag}`;
  const commune = ok<{ _id: string }>(await client.post('/v1/client/diaban/themmoi', { tendiaban: communeName, cap: 'xa', idcha: district._id }), 'commune');
  const deviceName = `Loa chợ ${tag}`;
  const device = ok<{ thietbi: { _id: string }; secret: string }>(
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: deviceName, diaban: commune._id, serial: `BK-${tag}` }), 'device');
  const mediaBytes = makeMp3(2);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(mediaBytes)], { type: 'audio/mpeg' }), `thong-bao-${tag}.mp3`);
  const [file] = ok<{ fileName: string; url: string; duration: number }[]>(await client.request('POST', '/v1/client/lichphat/uploadfile', form), 'upload');
  const at = Date.now() + 3 * 86_400_000;
  const scheduleTitle = `Bản tin sáng ${tag}`;
  const schedule = ok<{ _id: string }>(await client.post('/v1/client/lichphat/taolichphat', {
    tieude: scheduleTitle, diabanchon: [commune._id], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan',
    thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngaybatdau: localDate(at), ngayketthuc: localDate(at + 7 * 86_400_000), giophat: [vnClock(at)],
    nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: file.duration, files: [{ fileName: file.fileName, url: file.url, duration: file.duration }] }],
  }), 'schedule');
  return {
    districtId: district._id, communeId: commune._id, communeName, deviceId: device.thietbi._id, deviceName, deviceSecret: device.secret,
    mediaKey: file.url, mediaBytes, scheduleId: schedule._id, scheduleTitle,
  };
}

/** Checks, through the API and the media address, that everything seedDeployment made is there. */
export async function expectSeeded(client: TestClient, seeded: SeededDeployment): Promise<void> {
  const areas = await client.get('/v1/client/diaban');
  expect(areas.status).toBe(200);
  expect(JSON.stringify(areas.body.data)).toContain(seeded.communeName);
  const devices = await client.get(`/v1/client/thietbi/danhsachthietbi?q=${encodeURIComponent(seeded.deviceName)}`);
  expect(devices.body.data.items.map((d: { _id: string }) => d._id)).toEqual([seeded.deviceId]);
  const schedules = await client.post('/v1/client/lichphat/danhsachlichphat', { data: { q: seeded.scheduleTitle } });
  expect(schedules.body.data.map((s: { _id: string }) => s._id)).toEqual([seeded.scheduleId]);
  const library = await client.get('/v1/client/thuvien');
  expect(library.body.data.map((m: { key: string }) => m.key)).toContain(seeded.mediaKey);
  const media = await fetch(`${client.baseUrl}/media/${seeded.mediaKey}`, { headers: { cookie: client.cookieHeader } });
  expect(media.status).toBe(200);
  expect(Buffer.from(await media.arrayBuffer()).equals(seeded.mediaBytes)).toBe(true);
}
