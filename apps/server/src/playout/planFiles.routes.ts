import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { keyOfMediaPath } from '../infra/storage';

/** Messages of the speakers' file route (a speaker logs them; nobody else calls it). */
export const PLAN_FILE_MESSAGES = {
  credentials: 'Thiếu hoặc sai mã thiết bị / mật khẩu của loa.',
  notInPlan: 'Tệp này không thuộc lịch phát của loa.',
  gone: 'Tệp không còn trong thư viện.',
  badRange: 'Khoảng byte yêu cầu không hợp lệ.',
} as const;

/** `Basic base64(deviceId:secret)`, as the speaker sends it. */
export function deviceCredentials(header: string | undefined): { deviceId: string; secret: string } | null {
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon > 0 ? { deviceId: text.slice(0, colon), secret: text.slice(colon + 1) } : null;
}

/**
 * The files of a speaker's plan (issue #30, docs/device-protocol.md "The cache"):
 * `GET /v1/device/plan-file/<sha256>` with the device's id and secret (Basic), answered only for a
 * file of the plan published to that device (403 otherwise: a speaker cannot fetch what is outside
 * its own plan and area). `Range: bytes=N-` resumes a partial download (206).
 */
export async function planFileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/device/plan-file/:sha256', {
    schema: { hide: true, params: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }) },
  }, async (request, reply) => {
    const who = deviceCredentials(request.headers.authorization);
    if (!who || !app.gateway.verify(who.deviceId, who.secret)) {
      return reply.code(401).header('www-authenticate', 'Basic realm="loa-device"').send({ message: PLAN_FILE_MESSAGES.credentials });
    }
    const { sha256 } = request.params as { sha256: string };
    const item = app.plans.planOf(who.deviceId)?.occurrences.flatMap((o) => o.items).find((i) => i.file?.sha256 === sha256);
    const key = item ? keyOfMediaPath(item.url) : null;
    if (!key) {
      request.log.warn({ deviceId: who.deviceId, sha256 }, 'plan file refused: not in the device plan');
      return reply.code(403).send({ message: PLAN_FILE_MESSAGES.notInPlan });
    }
    const stat = await app.storage.stat(key);
    if (!stat) return reply.code(404).send({ message: PLAN_FILE_MESSAGES.gone });
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (request.headers.range !== undefined && (!range || start >= stat.size)) {
      return reply.code(416).header('content-range', `bytes */${stat.size}`).send({ message: PLAN_FILE_MESSAGES.badRange });
    }
    reply.header('content-type', 'audio/mpeg').header('accept-ranges', 'bytes').header('content-length', String(stat.size - start));
    if (range) reply.code(206).header('content-range', `bytes ${start}-${stat.size - 1}/${stat.size}`);
    const body: Readable = await app.storage.read(key, range ? { start } : undefined);
    return reply.send(body);
  });
}
