import type { Readable } from 'node:stream';
import {
  agentPackageSchema, envelope, rolloutCreateBodySchema, rolloutIdBodySchema, rolloutSchema, UPDATE_MESSAGES, type RolloutCreateBody,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formParts } from '../../infra/multipartLimits';
import { deviceCredentials, PLAN_FILE_MESSAGES } from '../../playout/planFiles.routes';
import { listPackages, packageForDevice, requireUpdateRights, uploadPackage, type UpdatesContext } from './packages.service';
import { createRollout, listRollouts, pauseRollout, resumeRollout, rollBack, type RolloutContext } from './rollouts.service';

/**
 * Remote updates of the speaker agent (issue #31 item 3): signed packages and rollouts under
 * /v1/client/capnhat (accounts with quanlythietbi over every area), and the boxes' download of a
 * package with their own device id and secret (docs/device-protocol.md "Updates").
 */
export async function updateRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['capnhat'];
  const base = '/v1/client/capnhat';
  const auth = { preHandler: app.requireUser };
  const updates = (request: FastifyRequest): UpdatesContext => ({ db: app.db, storage: app.storage, session: request.session!, publicKey: app.config.LOA_UPDATE_PUBLIC_KEY });
  const rollouts = (request: FastifyRequest): RolloutContext => ({ db: app.db, gateway: app.gateway, session: request.session!, poke: () => void app.rollouts.poke() });

  app.post(`${base}/goi/tailen`, {
    ...auth, schema: { tags, summary: 'Tải lên gói phần mềm loa: multipart với tep (.deb) và chuky (chữ ký Ed25519, base64, hoặc tệp .sig)', response: { 200: envelope(agentPackageSchema) } },
  }, async (request) => {
    // Refused before the file is read.
    requireUpdateRights(request.session!);
    let file: { name: string; data: Buffer } | null = null;
    let signature: string | null = null;
    if (!request.isMultipart()) return { data: await uploadPackage(updates(request), null, null) };
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'chuky') signature = data.toString('utf8');
        else file = { name: part.filename, data };
      } else if (part.fieldname === 'chuky') {
        signature = String(part.value);
      }
    }
    return { data: await uploadPackage(updates(request), file, signature) };
  });

  app.get(`${base}/goi/danhsach`, {
    ...auth, schema: { tags, summary: 'Các gói phần mềm loa máy chủ đang giữ', response: { 200: envelope(z.array(agentPackageSchema)) } },
  }, async (request) => ({ data: await listPackages(updates(request)) }));

  app.get(`${base}/trienkhai/danhsach`, {
    ...auth, schema: { tags, summary: 'Các đợt cập nhật và tiến độ theo địa bàn', response: { 200: envelope(z.array(rolloutSchema)) } },
  }, async (request) => ({ data: await listRollouts(rollouts(request)) }));

  app.post(`${base}/trienkhai/themmoi`, {
    ...auth, schema: { tags, summary: 'Tạo đợt cập nhật một phiên bản theo từng giai đoạn', body: rolloutCreateBodySchema, response: { 200: envelope(rolloutSchema) } },
  }, async (request) => {
    const rollout = await createRollout(rollouts(request), request.body as RolloutCreateBody);
    await app.rollouts.announce(rollout._id);
    return { data: rollout };
  });

  for (const [path, summary, run] of [
    ['tamdung', 'Tạm dừng đợt cập nhật', pauseRollout],
    ['tieptuc', 'Tiếp tục đợt cập nhật', resumeRollout],
    ['hoanlai', 'Hoàn lại đợt cập nhật: các loa đã cập nhật về phiên bản cũ', rollBack],
  ] as const) {
    app.post(`${base}/trienkhai/${path}`, {
      ...auth, schema: { tags, summary, body: rolloutIdBodySchema, response: { 200: envelope(rolloutSchema) } },
    }, async (request) => {
      const rollout = await run(rollouts(request), (request.body as { id: string }).id);
      await app.rollouts.announce(rollout._id);
      return { data: rollout };
    });
  }

  // A box downloads a package with its own credentials (Basic), as it fetches its plan's files.
  app.get('/v1/thietbi/capnhat/goi/:id', {
    schema: { hide: true, params: z.object({ id: z.string().max(64) }) },
  }, async (request, reply) => {
    const who = deviceCredentials(request.headers.authorization);
    if (!who || !app.gateway.verify(who.deviceId, who.secret)) {
      return reply.code(401).header('www-authenticate', 'Basic realm="loa-device"').send({ message: PLAN_FILE_MESSAGES.credentials });
    }
    const stored = await packageForDevice(app.db, who.deviceId, (request.params as { id: string }).id);
    if (!stored) return reply.code(404).send({ message: UPDATE_MESSAGES.versionUnknown });
    reply.header('content-type', 'application/vnd.debian.binary-package').header('content-length', String(stored.size));
    const body: Readable = await app.storage.read(stored.key);
    return reply.send(body);
  });
}
