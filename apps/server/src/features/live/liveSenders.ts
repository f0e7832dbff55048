import {
  EVENTS, LIVE_CHUNK_MAX_BYTES, LIVE_CHUNK_MAX_MS, LIVE_MESSAGES, LIVE_SILENCE_SECONDS, liveEndedByOther, mp3FramesDuration, vnClock,
  type LiveEnded, type LiveStartAnswer,
} from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { AppError } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Outbound } from '../../infra/outbound';
import type { DeviceGateway } from '../../gateway/gateway';
import { SpeakersBusyError, type PlayoutEngine } from '../../playout/engine';
import type { Session } from '../auth/auth.service';
import { hasRight } from '../auth/rights';
import type { TokenSigner } from '../auth/tokens';
import { REFUSAL_ACTIONS } from '../system-log/refusalAudit';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import type { LiveHub } from './liveHub';
import { startLiveBroadcast } from './live.service';
import { findBroadcast } from '../broadcasts/broadcasts.queries';

/** How the officer's connection looks to the registry (the Socket.IO side is live.socket.ts). */
export interface SenderLink {
  /** The connection's own id. */
  readonly id: string;
  /** The login (login-device entry) it belongs to. */
  readonly loginId: string;
  /** Authenticates the connection's login again: null once it was signed out (or the account locked). */
  session(): Promise<Session | null>;
  /** Tells the console its session ended, and why. */
  ended(event: LiveEnded): void;
  /** Cuts the connection (a client that keeps sending what is refused). */
  close(): void;
}

interface Sender {
  broadcastId: string;
  link: SenderLink;
  session: Session;
  startedAt: number;
  /** When the first chunk arrived, and how much audio has come since (no faster than real time). */
  firstChunkAt: number | null;
  audioMs: number;
  lastAudioAt: number;
  /** What the console is told when the session ends, set by whoever ends it first (then it is ending). */
  endMessage: string | null;
  /** Ended by someone else (a card's stop, a takeover): the console shows a warning. */
  byOther?: boolean;
}

/** A running live session this instance's engine knows but whose officer is connected elsewhere (or gone). */
interface Watched {
  mark: string | null;
  changedAt: number;
}

/** End reasons (broadcasts.end_reason) of a live session beyond an officer's Stop. */
export const LIVE_END_REASONS = { lost: 'truc-tiep-mat-ket-noi', silent: 'truc-tiep-im-lang', signedOut: 'truc-tiep-dang-xuat' } as const;

/** Refusals a connection may collect before it is cut. */
const MAX_REFUSALS = 5;
/** A console may run this far ahead of real time (network jitter delivers chunks in bursts). */
const AHEAD_MS = 3000;
const TICK_MS = 500;
/** How often the login and right of a live officer are checked again. */
const REAUTH_MS = 5000;

export interface LiveSendersDeps {
  db: Db;
  bus: DomainBus;
  engine: PlayoutEngine;
  gateway: DeviceGateway;
  storage: MediaStorage;
  outbound: Outbound;
  signer: TokenSigner;
  hub: LiveHub;
  log: FastifyBaseLogger;
}

/**
 * The live sessions whose officers are connected to this instance: starts them, checks and relays
 * every chunk, and ends them on Stop, disconnection, {@link LIVE_SILENCE_SECONDS} s without audio,
 * sign-out or a lost right. Also watches live sessions this instance's engine runs for officers
 * connected elsewhere (after a restart, or another instance's), ending those whose audio stopped.
 */
export class LiveSenders {
  private readonly byId = new Map<string, Sender>();
  private readonly byLink = new Map<string, Sender>();
  /** Live sessions ended here lately, per connection: chunks still in flight for them are dropped quietly. */
  private readonly recentlyEnded = new Map<string, Set<string>>();
  private readonly refusals = new Map<string, number>();
  private readonly watched = new Map<string, Watched>();
  private readonly knownLive = new Set<string>();
  /** Logins whose start is under way (a second start from the same login waits for nothing: it is refused). */
  private readonly starting = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private lastReauth = Date.now();
  private closed = false;
  private ticking = false;

  constructor(private readonly deps: LiveSendersDeps) {
    this.unsubscribe = deps.bus.on('broadcast.changed', ({ event, payload }) => {
      const p = payload as { trangthai?: boolean; idlichphat?: string };
      if (event === EVENTS.playState && p.trangthai === false && p.idlichphat && this.knownLive.has(p.idlichphat)) void this.finish(p.idlichphat);
    });
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** How many live sessions have their officer connected here. */
  get count(): number {
    return this.byId.size;
  }

  /** Starts a live session for a connection; refusals answer with their message (and are logged). */
  async start(link: SenderLink, raw: unknown): Promise<LiveStartAnswer> {
    const session = await link.session();
    if (!session) {
      await this.refuse(link, null, 'dang-xuat', LIVE_MESSAGES.signedOut);
      return { ok: false, message: LIVE_MESSAGES.signedOut };
    }
    if (this.starting.has(link.loginId) || this.byLink.has(link.id) || [...this.byId.values()].some((s) => s.link.loginId === link.loginId)) {
      await this.refuse(link, session.actor, 'phien-thu-hai', LIVE_MESSAGES.alreadyLive);
      return { ok: false, message: LIVE_MESSAGES.alreadyLive };
    }
    this.starting.add(link.loginId);
    try {
      const live = await startLiveBroadcast({ ...this.deps, session }, raw);
      const now = Date.now();
      const sender: Sender = { broadcastId: live.idlichphat, link, session, startedAt: now, firstChunkAt: null, audioMs: 0, lastAudioAt: now, endMessage: null };
      this.knownLive.add(live.idlichphat);
      // Ended while starting (a stop from another console): nothing to hold on to.
      if (!this.deps.engine.liveOf(live.idlichphat)) return { ok: false, message: LIVE_MESSAGES.streamGone };
      this.byId.set(live.idlichphat, sender);
      this.byLink.set(link.id, sender);
      return { ok: true, data: { idlichphat: live.idlichphat, batdau: live.tructiep!.batdau, chuong: live.tructiep!.batdau - now } };
    } catch (error) {
      if (error instanceof AppError && error.refusal) {
        await this.log(session.actor, { action: REFUSAL_ACTIONS[error.refusal.kind], outcome: 'denied', detail: { duongdan: 'socket:phat-truc-tiep', thongbao: error.message } });
      }
      if (error instanceof SpeakersBusyError) return { ok: false, message: error.message, dangphat: error.busy };
      if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 400) return { ok: false, message: (error as Error).message };
      this.deps.log.error({ err: error }, 'live: start failed');
      return { ok: false, message: 'Không bắt đầu được phát trực tiếp, hãy thử lại!' };
    } finally {
      this.starting.delete(link.loginId);
    }
  }

  /** A start refused before it reached the rules (a connection from another site): logged like any refusal. */
  async refusedStart(link: SenderLink, lydo: string, message: string): Promise<LiveStartAnswer> {
    await this.refuse(link, (await link.session())?.actor ?? null, lydo, message);
    return { ok: false, message };
  }

  /** One chunk from a connection: refused (and the session ended) unless it is whole MP3 frames of its own session, in time. */
  async chunk(link: SenderLink, id: unknown, data: unknown): Promise<void> {
    const sender = this.byLink.get(link.id);
    if (!sender || sender.broadcastId !== id) {
      if (typeof id === 'string' && this.recentlyEnded.get(link.id)?.has(id)) return; // in flight when it ended
      const session = sender?.session ?? (await link.session());
      await this.refuse(link, session?.actor ?? null, 'khong-phai-phien-cua-ban', LIVE_MESSAGES.notYourStream, typeof id === 'string' ? id.slice(0, 64) : undefined);
      link.ended({ idlichphat: typeof id === 'string' ? id.slice(0, 64) : '', message: LIVE_MESSAGES.notYourStream });
      return;
    }
    if (sender.endMessage) return; // ending: what is still in flight is dropped
    const bytes = Buffer.isBuffer(data) ? data : data instanceof ArrayBuffer ? Buffer.from(data) : data instanceof Uint8Array ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
    if (!bytes) return this.refuseChunk(sender, 'khong-phai-am-thanh', LIVE_MESSAGES.notAudio);
    if (bytes.length > LIVE_CHUNK_MAX_BYTES) return this.refuseChunk(sender, 'goi-qua-lon', LIVE_MESSAGES.tooBig, { kichthuoc: bytes.length });
    const ms = mp3FramesDuration(bytes);
    if (ms === null) return this.refuseChunk(sender, 'khong-phai-am-thanh', LIVE_MESSAGES.notAudio, { kichthuoc: bytes.length });
    if (ms > LIVE_CHUNK_MAX_MS) return this.refuseChunk(sender, 'goi-qua-lon', LIVE_MESSAGES.tooBig, { miligiay: Math.round(ms) });
    const now = Date.now();
    sender.firstChunkAt ??= now;
    sender.audioMs += ms;
    if (sender.audioMs > now - sender.firstChunkAt + AHEAD_MS) return this.refuseChunk(sender, 'qua-nhanh', LIVE_MESSAGES.tooFast);
    sender.lastAudioAt = now;
    await this.deps.hub.publish(sender.broadcastId, bytes).catch((error: unknown) => this.deps.log.warn({ err: error, broadcast: id }, 'live: publishing a chunk failed'));
  }

  /** The officer's Stop. */
  async stop(link: SenderLink, id: unknown): Promise<{ ok: boolean; message: string }> {
    const sender = this.byLink.get(link.id);
    if (!sender || sender.broadcastId !== id) return { ok: false, message: LIVE_MESSAGES.notLive };
    await this.end(sender.broadcastId, 'nguoi-dung-dung', LIVE_MESSAGES.stopped);
    return { ok: true, message: LIVE_MESSAGES.stopped };
  }

  /** The connection closed (tab closed, network lost, signed out): its session ends at once. */
  async disconnected(link: SenderLink): Promise<void> {
    this.recentlyEnded.delete(link.id);
    this.refusals.delete(link.id);
    const sender = this.byLink.get(link.id);
    if (sender && !this.closed) await this.end(sender.broadcastId, LIVE_END_REASONS.lost, LIVE_MESSAGES.disconnected);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe();
  }

  /** Ends a live session on every speaker (the engine sends stop and gives the speakers back), logged with why. */
  private async end(id: string, reason: string, message: string, before?: () => Promise<void>): Promise<void> {
    const sender = this.byId.get(id);
    if (sender) {
      if (sender.endMessage) return; // already ending
      sender.endMessage = message;
    }
    await before?.();
    const live = this.deps.engine.liveOf(id);
    try {
      const actor: Actor = sender?.session.actor ?? { userId: null, tentaikhoan: null, adminId: live?.idAdmin ?? null, ip: '' };
      await this.deps.engine.stop(id, sender?.session.user.id ?? live?.nguoitao ?? '', {
        reason,
        record: (tx) => writeSystemLog(tx, actor, { action: 'dung-phat', targetType: 'phatngay', targetId: id, detail: { tieude: live?.nguonphat.tenchuongtrinh ?? null, tructiep: true, lydo: reason, thongbao: message } }),
      });
    } catch (error) {
      this.deps.log.error({ err: error, broadcast: id }, 'live: ending the session failed');
    }
    // The engine's end event finishes it; when it had already ended elsewhere, finish here.
    await this.finish(id);
  }

  /** After the engine ended a live session: its stream ends for every listener and its officer is told. */
  private async finish(id: string): Promise<void> {
    if (!this.knownLive.delete(id)) return;
    this.watched.delete(id);
    await this.deps.hub.close(id).catch((error: unknown) => this.deps.log.warn({ err: error, broadcast: id }, 'live: closing the stream failed'));
    const sender = this.byId.get(id);
    if (!sender) return;
    this.byId.delete(id);
    this.byLink.delete(sender.link.id);
    const ended = this.recentlyEnded.get(sender.link.id) ?? new Set<string>();
    ended.add(id);
    this.recentlyEnded.set(sender.link.id, ended);
    if (sender.endMessage && !sender.byOther) {
      sender.link.ended({ idlichphat: id, message: sender.endMessage });
      return;
    }
    sender.link.ended({ idlichphat: id, message: await this.endedByOtherMessage(id), canhbao: true });
  }

  /** Who ended a session from elsewhere (a card's stop, a takeover) and when, from its row. */
  private async endedByOtherMessage(id: string): Promise<string> {
    const [row] = await this.deps.db
      .query<{ end_reason: string | null; ended_at: Date | null; hoten: string | null; cut_title: string | null }>(
        `SELECT b.end_reason, b.ended_at, u.hoten, c.title AS cut_title
           FROM broadcasts b LEFT JOIN users u ON u.id = b.stopped_by LEFT JOIN broadcasts c ON c.id = b.cut_by WHERE b.id = $1`,
        [id],
      )
      .catch(() => []);
    if (!row?.ended_at) return LIVE_MESSAGES.stoppedByOther;
    const at = vnClock(row.ended_at.getTime());
    return liveEndedByOther(row.end_reason === 'bi-ngat' ? { hoten: row.hoten, at, takenOverBy: row.cut_title } : { hoten: row.hoten, at });
  }

  private async refuseChunk(sender: Sender, lydo: string, message: string, detail: Record<string, unknown> = {}): Promise<void> {
    // Marked ending at once: the chunks already in flight behind this one are dropped, not refused again.
    await this.end(sender.broadcastId, LIVE_END_REASONS.lost, message, () => this.refuse(sender.link, sender.session.actor, lydo, message, sender.broadcastId, detail));
  }

  /** A refusal, in the system log; a connection that keeps being refused is cut. */
  private async refuse(link: SenderLink, actor: Actor | null, lydo: string, message: string, targetId?: string, detail: Record<string, unknown> = {}): Promise<void> {
    const count = (this.refusals.get(link.id) ?? 0) + 1;
    this.refusals.set(link.id, count);
    if (count > MAX_REFUSALS) {
      link.close();
      return;
    }
    await this.log(actor ?? { userId: null, tentaikhoan: null, adminId: null, ip: '' }, {
      action: 'tu-choi-phat-truc-tiep', outcome: 'denied', ...(targetId ? { targetType: 'phatngay', targetId } : {}),
      detail: { lydo, thongbao: message, ...detail },
    });
  }

  private async log(actor: Actor, entry: Parameters<typeof writeSystemLog>[2]): Promise<void> {
    await writeSystemLog(this.deps.db, actor, entry).catch((error: unknown) => this.deps.log.error({ err: error }, 'live: could not write the system log'));
  }

  /** The watchdog: silence, sign-out and lost rights of officers here; silence of live sessions run here for officers elsewhere. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (const sender of [...this.byId.values()]) {
        if (now - sender.lastAudioAt > LIVE_SILENCE_SECONDS * 1000) await this.end(sender.broadcastId, LIVE_END_REASONS.silent, LIVE_MESSAGES.silence);
      }
      if (now - this.lastReauth >= REAUTH_MS) {
        this.lastReauth = now;
        for (const sender of [...this.byId.values()]) {
          const session = await sender.link.session().catch(() => sender.session);
          if (!session || !hasRight(session, 'themsuaxoalichphat')) {
            await this.end(sender.broadcastId, LIVE_END_REASONS.signedOut, LIVE_MESSAGES.signedOut);
            continue;
          }
          // Stopped through another server instance (its engine ended the row): end it here too.
          const row = await findBroadcast(this.deps.db, sender.broadcastId);
          if (row && row.status !== 'playing' && row.status !== 'waiting') {
            sender.byOther = true;
            await this.end(sender.broadcastId, 'nguoi-dung-dung', LIVE_MESSAGES.stoppedByOther);
          }
        }
      }
      for (const live of this.deps.engine.live()) {
        // Only sessions this instance runs: another instance watches its own.
        if (!live.tructiep || this.byId.has(live.idlichphat) || !this.deps.engine.runsHere(live.idlichphat)) continue;
        this.knownLive.add(live.idlichphat);
        const mark = await this.deps.hub.mark(live.idlichphat);
        const seen = this.watched.get(live.idlichphat);
        if (!seen || seen.mark !== mark) this.watched.set(live.idlichphat, { mark, changedAt: now });
        const quietFor = seen && seen.mark === mark ? now - seen.changedAt : 0;
        if (mark === null || mark === 'ended' || quietFor > LIVE_SILENCE_SECONDS * 1000) {
          await this.end(live.idlichphat, mark === null || mark === 'ended' ? LIVE_END_REASONS.lost : LIVE_END_REASONS.silent, LIVE_MESSAGES.disconnected);
        }
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live: watchdog step failed');
    } finally {
      this.ticking = false;
    }
  }
}
