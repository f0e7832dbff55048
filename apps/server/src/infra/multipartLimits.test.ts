import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILES, MSG } from '@loa/contract';
import { broadcastForm, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { makeMp3 } from '../../test/audio';
import { rawRequest } from '../../test/rawHttp';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 300_000);
afterAll(() => server.close());

const count = async (table: string) => Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
const info = (area: string) => ({ tieude: 'Nhiều tệp', loaibantin: 2, uutien: 1, diabanchon: [area], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 });

describe('multipart uploads past their limits', () => {
  it('says "too many files" (413) for one file more than allowed, on the broadcast and the upload, and keeps nothing', { timeout: 180_000 }, async () => {
    const w = await signedInAdmin(server);
    const mp3 = makeMp3(1);
    const files = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => ({ name: `tep-${i}.mp3`, data: mp3 }));
    const sources = [{ kieunguon: 1, thoigianBatdau: 1, files: files.map((f) => ({ fileName: f.name, url: f.name, duration: 1 })) }];
    const before = { media: await count('media'), broadcasts: await count('broadcasts') };
    const broadcast = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA), sources, files));
    expect(broadcast).toMatchObject({ status: 413, body: { message: MSG.tooManyFiles } });
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'audio/mpeg' }), f.name);
    const upload = await w.client.post('/v1/client/lichphat/uploadfile', form);
    expect(upload).toMatchObject({ status: 413, body: { message: MSG.tooManyFiles } });
    expect({ media: await count('media'), broadcasts: await count('broadcasts') }).toEqual(before);
  });

  it('answers too many fields, a field too long and a forbidden field name with their own Vietnamese messages', async () => {
    const w = await signedInAdmin(server);
    const many = new FormData();
    for (let i = 0; i < 21; i += 1) many.append(`truong${i}`, 'x');
    expect(await w.client.post('/v1/client/phatngay/phatngay', many)).toMatchObject({ status: 413, body: { message: MSG.tooManyFormFields } });

    const long = new FormData();
    long.append('thongtin', JSON.stringify({ ...info(w.areas.communeA), tieude: 'a'.repeat(6 * 1024 * 1024) }));
    expect(await w.client.post('/v1/client/phatngay/phatngay', long)).toMatchObject({ status: 413, body: { message: MSG.formFieldTooLong } });

    const proto = new FormData();
    proto.append('__proto__', '{}');
    expect(await w.client.post('/v1/client/phatngay/phatngay', proto)).toMatchObject({ status: 400, body: { message: MSG.formFieldNameInvalid } });
  });

  it('answers a malformed or cut multipart body 400 at once, never 500 and never a hang', async () => {
    const w = await signedInAdmin(server);
    await w.client.get('/v1/client/csrf');
    const headers = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: w.client.cookieHeader, 'x-csrf-token': w.client.cookies.get('loa_csrf')! });
    const bodies = [
      '--b\r\nContent-Disposition: form-data; name="thongtin"\r\n\r\n{"tieude":"cut',
      '--b\r\nKhông-phải-header\r\n\r\nx\r\n--b--\r\n',
      '--b\r\nContent-Disposition: form-data; name="files"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3',
    ];
    for (const path of ['/v1/client/phatngay/phatngay', '/v1/client/lichphat/uploadfile']) {
      for (const body of bodies) {
        const res = await rawRequest(server.url, 'POST', path, headers('b'), Buffer.from(body));
        // A part without headers is skipped by the parser (the upload then has no file); cut bodies are refused.
        if (!body.includes('Không')) expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(JSON.parse(res.body).message).toEqual(expect.any(String));
      }
    }
  });
});
