import {
  ALL_DEVICES, BROADCAST_MESSAGES, CHANNEL_ID, MSG, OUTBOUND_MESSAGES, SOURCE_KINDS, type PlayItem, type Source,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, outOfScope } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Outbound } from '../../infra/outbound';
import type { DeviceGateway } from '../../gateway/gateway';
import type { Session } from '../auth/auth.service';
import { areaScope, sharedScopeIds } from '../areas/areas.service';
import { probeMp3File } from '../media/audioProbe';
import { findMedia, type MediaRow } from '../media/media.queries';
import { adoptUploadedObject, type StoredAudio } from '../media/media.service';
import { assertSpeechPossible, itemsOfText, type SpeechDeps, type SpeechUnderWay } from './speechNow';

/** What composing a broadcast or a schedule needs. */
export interface ComposeContext {
  db: Db;
  gateway: DeviceGateway;
  storage: MediaStorage;
  /** Relay paths are checked against the outbound rules before speakers or the listen link use them. */
  outbound: Outbound;
  session: Session;
  /** An emergency's: the speech engines, so a text source is spoken as it is sent (issue #29). */
  tts?: SpeechDeps;
  logError?: (error: unknown, message: string) => void;
}

const mediaKeyOf = (url: string): string | null => {
  const m = /^\/?media\/((?:audio|tts)\/[^?#]+)/.exec(url.replace(/^https?:\/\/[^/]+/, ''));
  return m ? decodeURIComponent(m[1]) : /^(?:audio|tts)\//.test(url) ? url : null;
};

/** The address a relay source plays: its typed http(s) path, or its channel's; refused when it points inside. */
async function relayAddress(ctx: ComposeContext, path: string): Promise<string> {
  let url = path;
  if (CHANNEL_ID.test(path)) {
    const [channel] = await ctx.db.query<{ url: string }>('SELECT url FROM channels WHERE id = $1 AND admin_id = $2', [path, ctx.session.user.admin_id]);
    if (!channel) throw badRequest(OUTBOUND_MESSAGES.channelUnknown);
    url = channel.url;
  }
  ctx.outbound.assertAllowed(url);
  return url;
}

/**
 * Turns the sources into play items with durations measured by the server, never trusted from the
 * client. `underWay` collects speech still being made for a text source (emergencies only).
 */
export async function itemsFromSources(ctx: ComposeContext, sources: Source[], uploads: StoredAudio[], underWay?: SpeechUnderWay[]): Promise<PlayItem[]> {
  const unused = [...uploads];
  const items: PlayItem[] = [];
  // Library files follow area scope: a stored file of an area outside the caller's is not theirs to play.
  let scope: string[] | null | undefined;
  const inScope = async (m: MediaRow) => {
    scope = scope === undefined ? await sharedScopeIds(ctx.db, ctx.session) : scope;
    return m.admin_id === ctx.session.user.admin_id && (scope === null || (m.area_id !== null && scope.includes(m.area_id)));
  };
  for (const [sourceIndex, source] of sources.entries()) {
    if (source.kieunguon === SOURCE_KINDS.file) {
      for (const file of source.files) {
        const i = unused.findIndex((u) => u.originalName === file.fileName);
        if (i >= 0) {
          const [upload] = unused.splice(i, 1);
          items.push({ url: ctx.storage.publicPath(upload.key), duration: upload.durationSeconds, title: file.fileName, kind: upload.originalName.startsWith('ghiam-') ? 'recording' : 'file' });
          continue;
        }
        // Uploaded beforehand through an upload address: the source names the stored key.
        const key = mediaKeyOf(file.url);
        let stored: MediaRow | undefined = key ? (await findMedia(ctx.db, [key]))[0] : undefined;
        // An object put to a presigned S3 address is checked by content and recorded on its first use.
        if (!stored && key) stored = (await adoptUploadedObject(ctx.db, ctx.storage, ctx.session, key, file.fileName)) ?? undefined;
        if (!stored || !(await inScope(stored))) throw badRequest(uploads.length > 0 ? BROADCAST_MESSAGES.filesMismatch : BROADCAST_MESSAGES.fileMissing);
        items.push({ url: ctx.storage.publicPath(stored.key), duration: stored.duration, title: file.fileName, kind: stored.kind });
      }
    } else if (source.kieunguon === SOURCE_KINDS.relay) {
      items.push({ url: await relayAddress(ctx, source.url), duration: source.thoiluong, title: source.tenkenh, kind: 'relay' });
    } else if (source.kieunguon === SOURCE_KINDS.tts && !source.url && source.vanban !== undefined && underWay) {
      assertSpeechPossible(ctx.tts);
      const made = await itemsOfText({ ...ctx, tts: ctx.tts, logError: ctx.logError ?? (() => undefined) }, source, { sourceIndex, itemIndex: items.length, last: sourceIndex === sources.length - 1 });
      items.push(...made.items);
      if (made.underWay) underWay.push(made.underWay);
    } else if (source.kieunguon === SOURCE_KINDS.tts) {
      const key = mediaKeyOf(source.url ?? '');
      if (!key?.startsWith('tts/') || !(await ctx.storage.exists(key))) throw badRequest(MSG.ttsNotDone);
      const probed = await ctx.storage.withLocalFile(key, probeMp3File);
      items.push({ url: ctx.storage.publicPath(key), duration: probed.durationSeconds, title: source.noidunggiongnoi || 'Giọng nói tổng hợp', kind: 'tts' });
    } else {
      throw badRequest('Nguồn "Thiết Bị Số Hóa" chưa được hỗ trợ!');
    }
  }
  if (unused.length > 0) throw badRequest(BROADCAST_MESSAGES.filesMismatch);
  return items;
}

/** Areas chosen, minus those already covered by a chosen ancestor (one publish reaches a whole area). */
function topmost(gateway: DeviceGateway, areaIds: string[]): string[] {
  return areaIds.filter((id) => !areaIds.some((other) => other !== id && gateway.subtree([other]).has(id)));
}

/**
 * Checks the chosen areas and devices against the caller's scope and resolves whom to address:
 * whole areas ('Tất cả thiết bị', one publish each) or single devices.
 */
export async function resolveTarget(ctx: ComposeContext, areaIds: string[], deviceIds: string[]): Promise<{ targetAreas: string[]; targetDevices: string[]; deviceCount: number }> {
  const { gateway } = ctx;
  const scope = await areaScope(ctx.db, ctx.session);
  if (areaIds.some((id) => !scope.ids.has(id))) throw outOfScope(BROADCAST_MESSAGES.unknownArea);
  const allDevices = deviceIds.includes(ALL_DEVICES);
  if (allDevices && deviceIds.length > 1) throw badRequest(BROADCAST_MESSAGES.allDevicesExclusive);
  const reach = gateway.subtree(areaIds);
  if (allDevices) {
    const deviceCount = gateway.devicesIn(reach).length;
    if (deviceCount === 0) throw badRequest(BROADCAST_MESSAGES.noDevicesInAreas);
    return { targetAreas: topmost(gateway, [...new Set(areaIds)]), targetDevices: [], deviceCount };
  }
  const targetDevices = [...new Set(deviceIds)];
  for (const id of targetDevices) {
    const area = gateway.areaOf(id);
    if (!area || !reach.has(area) || !scope.ids.has(area)) throw outOfScope(BROADCAST_MESSAGES.unknownDevice);
  }
  return { targetAreas: [], targetDevices, deviceCount: targetDevices.length };
}
