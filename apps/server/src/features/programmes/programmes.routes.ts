import crypto from 'node:crypto';
import { envelope, mediaItemSchema, programmeBodySchema, programmeSchema, SCHEDULE_MESSAGES, type Programme, type Source } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../infra/errors';
import { requireRight } from '../auth/rights';
import { sharedScopeIds } from '../areas/areas.service';
import { itemsFromSources, type ComposeContext } from '../broadcasts/compose';
import { writeSystemLog } from '../system-log/systemLog.service';
import { foldedLikePattern, foldedSql } from '../../infra/foldSql';

interface ProgrammeRow { id: string; name: string; message_type: number; sources: Source[]; total_seconds: number; created_by: string; hoten: string; created_at: Date; updated_at: Date }

const SELECT = `SELECT p.id, p.name, p.message_type, p.sources, p.total_seconds, p.created_by, u.hoten, p.created_at, p.updated_at
  FROM programmes p JOIN users u ON u.id = p.created_by`;
const toProgramme = (r: ProgrammeRow): Programme => ({
  _id: r.id, ten: r.name, loaibantin: r.message_type, nguonphat: r.sources, thoiluong: r.total_seconds,
  nguoitao: { _id: r.created_by, hoten: r.hoten }, ngaytao: r.created_at.getTime(), ngaysua: r.updated_at.getTime(),
});

/**
 * The programme library and its media library (uploaded files, TTS results, recordings). Both follow
 * area scope (sharedScopeIds): a programme or file belongs to its author's area, and is seen, used,
 * changed and deleted only by accounts whose scope holds that area.
 */
export async function programmeRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['chuongtrinh'];
  const ctx = (request: FastifyRequest): ComposeContext => ({ db: app.db, gateway: app.gateway, storage: app.storage, outbound: app.outbound, session: request.session! });
  const auth = { preHandler: app.requireUser };
  const find = async (request: FastifyRequest, id: string) => {
    const [row] = await app.db.query<ProgrammeRow>(
      `${SELECT} WHERE p.id = $1 AND p.admin_id = $2 AND ($3::text[] IS NULL OR p.area_id = ANY($3::text[]))`,
      [id, request.session!.user.admin_id, await sharedScopeIds(app.db, request.session!)],
    );
    if (!row) throw notFound(SCHEDULE_MESSAGES.programmeNotFound);
    return row;
  };

  app.get('/v1/client/chuongtrinh/danhsach', {
    ...auth, schema: { tags, summary: 'Thư viện chương trình', response: { 200: envelope(z.array(programmeSchema)) } },
  }, async (request) => ({
    data: (await app.db.query<ProgrammeRow>(
      `${SELECT} WHERE p.admin_id = $1 AND ($2::text[] IS NULL OR p.area_id = ANY($2::text[])) ORDER BY p.updated_at DESC`,
      [request.session!.user.admin_id, await sharedScopeIds(app.db, request.session!)],
    )).map(toProgramme),
  }));

  app.post('/v1/client/chuongtrinh/themmoi', {
    ...auth, schema: { tags, summary: 'Tạo chương trình', body: programmeBodySchema, response: { 200: envelope(programmeSchema) } },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const body = request.body as z.infer<typeof programmeBodySchema>;
    const items = await itemsFromSources(ctx(request), body.nguonphat, []);
    const id = crypto.randomUUID();
    await app.db.transaction(async (tx) => {
      await tx.query('INSERT INTO programmes (id, admin_id, created_by, name, message_type, sources, total_seconds, area_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)', [
        id, request.session!.user.admin_id, request.session!.user.id, body.ten, body.loaibantin, JSON.stringify(body.nguonphat), items.reduce((s, i) => s + i.duration, 0),
        request.session!.user.area_id,
      ]);
      await writeSystemLog(tx, request.session!.actor, { action: 'tao-chuong-trinh', targetType: 'chuongtrinh', targetId: id, detail: { ten: body.ten } });
    });
    return { data: toProgramme(await find(request, id)) };
  });

  app.post('/v1/client/chuongtrinh/capnhat', {
    ...auth, schema: { tags, summary: 'Sửa chương trình', body: programmeBodySchema.extend({ id: z.string().max(64) }), response: { 200: envelope(programmeSchema) } },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const body = request.body as z.infer<typeof programmeBodySchema> & { id: string };
    await find(request, body.id);
    const items = await itemsFromSources(ctx(request), body.nguonphat, []);
    await app.db.transaction(async (tx) => {
      await tx.query('UPDATE programmes SET name = $2, message_type = $3, sources = $4::jsonb, total_seconds = $5, updated_at = now() WHERE id = $1', [
        body.id, body.ten, body.loaibantin, JSON.stringify(body.nguonphat), items.reduce((s, i) => s + i.duration, 0),
      ]);
      await writeSystemLog(tx, request.session!.actor, { action: 'sua-chuong-trinh', targetType: 'chuongtrinh', targetId: body.id, detail: { ten: body.ten } });
    });
    return { data: toProgramme(await find(request, body.id)) };
  });

  app.post('/v1/client/chuongtrinh/xoa', {
    ...auth, schema: { tags, summary: 'Xoá chương trình (khi không lịch phát nào dùng)', body: z.object({ id: z.string().max(64) }), response: { 200: envelope(z.null()) } },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const row = await find(request, (request.body as { id: string }).id);
    const [used] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schedules WHERE programme_id = $1 AND status <> 'ketthuc'`, [row.id]);
    if (used.n > 0) throw conflict(`Chương trình đang được ${used.n} lịch phát sử dụng, không thể xoá!`);
    await app.db.transaction(async (tx) => {
      await tx.query('DELETE FROM programmes WHERE id = $1', [row.id]);
      await writeSystemLog(tx, request.session!.actor, { action: 'xoa-chuong-trinh', targetType: 'chuongtrinh', targetId: row.id, detail: { ten: row.name } });
    });
    return { data: null };
  });

  // Media library: what is stored, how often programmes and schedules use it.
  const usage = async (adminId: string) => {
    const rows = await app.db.query<{ sources: Source[] }>(`SELECT sources FROM programmes WHERE admin_id = $1 UNION ALL SELECT sources FROM schedules WHERE admin_id = $1 AND status <> 'ketthuc'`, [adminId]);
    const counts = new Map<string, number>();
    for (const { sources } of rows) {
      for (const s of sources) {
        const urls = s.kieunguon === 'FILE' ? s.files.map((f) => f.url) : 'url' in s && s.url ? [s.url] : [];
        for (const url of urls) {
          const key = url.replace(/^.*\/media\//, '');
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    }
    return counts;
  };

  app.get('/v1/client/thuvien', {
    ...auth, schema: { tags, summary: 'Thư viện âm thanh (tệp, giọng nói, ghi âm)', querystring: z.object({ q: z.string().max(100).optional() }), response: { 200: envelope(z.array(mediaItemSchema)) } },
  }, async (request) => {
    const { q } = request.query as { q?: string };
    const adminId = request.session!.user.admin_id;
    const rows = await app.db.query<{ key: string; original_name: string; kind: 'file' | 'tts' | 'recording'; duration: number; bytes: number; created_at: Date }>(
      `SELECT key, original_name, kind, duration, bytes::int AS bytes, created_at FROM media
        WHERE admin_id = $1 AND ($2::text IS NULL OR ${foldedSql('original_name')} LIKE $2) AND ($3::text[] IS NULL OR area_id = ANY($3::text[]))
        ORDER BY created_at DESC LIMIT 500`,
      [adminId, q?.trim() ? foldedLikePattern(q) : null, await sharedScopeIds(app.db, request.session!)],
    );
    const counts = await usage(adminId);
    return { data: rows.map((r) => ({ key: r.key, url: app.storage.publicPath(r.key), ten: r.original_name, loai: r.kind, thoiluong: r.duration, dungluong: r.bytes, sudung: counts.get(r.key) ?? 0, ngaytao: r.created_at.getTime() })) };
  });

  app.post('/v1/client/thuvien/doiten', {
    ...auth, schema: { tags, summary: 'Đổi tên tệp trong thư viện', body: z.object({ key: z.string().max(400), ten: z.string().trim().min(1).max(255) }), response: { 200: envelope(z.null()) } },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const body = request.body as { key: string; ten: string };
    const done = await app.db.query(
      'UPDATE media SET original_name = $3 WHERE key = $1 AND admin_id = $2 AND ($4::text[] IS NULL OR area_id = ANY($4::text[])) RETURNING key',
      [body.key, request.session!.user.admin_id, body.ten, await sharedScopeIds(app.db, request.session!)],
    );
    if (done.length === 0) throw notFound(SCHEDULE_MESSAGES.mediaNotFound);
    return { data: null };
  });

  app.post('/v1/client/thuvien/xoa', {
    ...auth, schema: { tags, summary: 'Xoá tệp khỏi thư viện (chỉ khi không còn dùng)', body: z.object({ key: z.string().max(400) }), response: { 200: envelope(z.null()) } },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const { key } = request.body as { key: string };
    const adminId = request.session!.user.admin_id;
    const [row] = await app.db.query<{ key: string }>(
      'SELECT key FROM media WHERE key = $1 AND admin_id = $2 AND ($3::text[] IS NULL OR area_id = ANY($3::text[]))',
      [key, adminId, await sharedScopeIds(app.db, request.session!)],
    );
    if (!row) throw notFound(SCHEDULE_MESSAGES.mediaNotFound);
    const playing = app.engine.live().length > 0 && (await app.db.query(`SELECT 1 FROM broadcasts WHERE status IN ('playing', 'waiting') AND items::text LIKE '%' || $1 || '%'`, [key])).length > 0;
    // Any administrator's programme or schedule counts: speech files were once shared between them.
    const usedAnywhere = (await app.db.query(
      `SELECT 1 FROM programmes WHERE sources::text LIKE '%' || $1 || '%' UNION ALL SELECT 1 FROM schedules WHERE status <> 'ketthuc' AND sources::text LIKE '%' || $1 || '%' LIMIT 1`,
      [key],
    )).length > 0;
    if ((await usage(adminId)).get(key) || usedAnywhere || playing) throw badRequest(SCHEDULE_MESSAGES.mediaInUse);
    await app.db.transaction(async (tx) => {
      await tx.query('DELETE FROM media WHERE key = $1', [key]);
      // A deleted speech file is converted afresh next time, not answered from the cache.
      await tx.query('DELETE FROM tts_cache WHERE media_key = $1', [key]);
      await writeSystemLog(tx, request.session!.actor, { action: 'xoa-tep', targetType: 'tep', targetId: key });
    });
    // The file goes once its record and entry are committed (an orphan file is harmless, a lost entry is not).
    await app.storage.delete(key);
    return { data: null };
  });
}
