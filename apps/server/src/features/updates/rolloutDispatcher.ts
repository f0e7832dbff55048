import type { DeviceEvent } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { DeviceGateway } from '../../gateway/gateway';
import type { DevicePlans } from '../../playout/devicePlans';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import { commandPackages } from './packages.service';
import { ROLLOUT_DEVICE_SELECT, ROLLOUT_SELECT, runningVersion, type RolloutDeviceRow, type RolloutRow } from './rollouts.service';

/** A box is not sent an update when a planned occurrence of its plan runs within this long (download, install, restart). */
export const PLANNED_MARGIN_MS = 15 * 60_000;
/** How long an update command stays valid: one a box gets later (it was offline) is dropped, and sent again. */
const COMMAND_TTL_SECONDS = 300;

export interface DispatcherOptions {
  tickMs: number;
  resendSeconds: number;
}

/**
 * Sends the rollouts' update commands (issue #31 item 3). Each tick, for each running rollout (or
 * one rolling back): boxes that now run their target version are done; a box that failed pauses
 * the rollout; the boxes of the stage under way that are online, play nothing, have no planned
 * occurrence within PLANNED_MARGIN_MS and are outside their quiet hours (unless the rollout is
 * forced) are sent the command. What boxes report (`update` events) is taken as it comes.
 */
export class RolloutDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly gateway: DeviceGateway,
    private readonly plans: DevicePlans,
    private readonly bus: DomainBus,
    private readonly log: FastifyBaseLogger,
    private readonly opts: DispatcherOptions,
  ) {
    this.unsubscribe = bus.on('device.event', ({ deviceId, event }) => {
      if (event.type === 'update') void this.report(deviceId, event).catch((error: unknown) => this.log.warn({ err: error, deviceId }, 'update report not kept'));
    });
  }

  start(): void {
    this.timer = setInterval(() => this.poke(), this.opts.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe();
    await this.running;
  }

  /** Looks now (after a change); calls while a pass runs fold into one more pass. */
  poke(): Promise<void> {
    if (this.again) return this.running;
    this.again = true;
    this.running = this.running.then(async () => {
      this.again = false;
      try {
        await this.pass();
      } catch (error) {
        this.log.warn({ err: error }, 'rollout pass failed');
      }
    });
    return this.running;
  }

  /** Tells the consoles of a rollout's areas (read here unless given) that it changed: its progress is read again there. */
  async announce(rolloutId: string, areaIds?: string[]): Promise<void> {
    const areas = areaIds ?? (await this.db.query<{ area_id: string }>('SELECT area_id FROM agent_rollout_devices WHERE rollout_id = $1', [rolloutId])).map((r) => r.area_id);
    this.bus.emit('rollouts.changed', { rolloutId, areaIds: [...new Set(areas)] });
  }

  private static systemActor(adminId: string): Actor {
    return { userId: null, tentaikhoan: null, adminId, ip: '' };
  }

  /** What a box said of an update: done, went back by itself, refused or failed. */
  private async report(deviceId: string, event: DeviceEvent): Promise<void> {
    if (!event.rolloutId || !event.outcome) return;
    const [row] = await this.db.query<RolloutDeviceRow & { admin_id: string }>(
      `SELECT r.*, o.admin_id FROM agent_rollout_devices r JOIN agent_rollouts o ON o.id = r.rollout_id WHERE r.rollout_id = $1 AND r.device_id = $2`,
      [event.rolloutId, deviceId],
    );
    if (!row) return;
    const state = event.outcome === 'installed' ? (event.version === row.target_version ? 'xong' : 'loi') : event.outcome === 'rolledBack' ? 'tuquaylai' : 'loi';
    const message = (event.message ?? '').slice(0, 500);
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE agent_rollout_devices SET state = $3, message = $4, updated_at = now() WHERE rollout_id = $1 AND device_id = $2`, [row.rollout_id, deviceId, state, message]);
      await writeSystemLog(tx, RolloutDispatcher.systemActor(row.admin_id), {
        action: 'loa-cap-nhat', targetType: 'thietbi', targetId: deviceId, outcome: state === 'xong' ? 'ok' : 'failed',
        detail: { ketqua: event.outcome, phienban: event.version ?? null, lydo: message || null },
      });
    });
    await this.announce(row.rollout_id);
    void this.poke();
  }

  private async pass(): Promise<void> {
    const rollouts = await this.db.query<RolloutRow>(`${ROLLOUT_SELECT} WHERE state IN ('dangchay', 'danghoanlai')`);
    for (const rollout of rollouts) await this.advance(rollout);
  }

  /** One pass over a rollout; the consoles of its boxes' areas are told when it changed anything. */
  private async advance(rollout: RolloutRow): Promise<void> {
    const changedIn = await this.step(rollout);
    if (changedIn) await this.announce(rollout.id, changedIn);
  }

  /** Moves a rollout on; answers its boxes' areas when it changed anything, else null. */
  private async step(rollout: RolloutRow): Promise<string[] | null> {
    const members = await this.db.query<RolloutDeviceRow & { firmware: string | null }>(
      `SELECT r.*, d.firmware FROM (${ROLLOUT_DEVICE_SELECT}) r JOIN devices d ON d.id = r.device_id WHERE r.rollout_id = $1 ORDER BY r.stage`, [rollout.id],
    );
    // Boxes that report their target version are done, whatever they said before.
    const done = members.filter((m) => (m.state === 'cho' || m.state === 'dagui') && runningVersion(this.gateway, m.device_id, m.firmware) === m.target_version);
    if (done.length) {
      await this.db.query(`UPDATE agent_rollout_devices SET state = 'xong', updated_at = now() WHERE rollout_id = $1 AND device_id = ANY($2)`, [rollout.id, done.map((m) => m.device_id)]);
      for (const m of done) m.state = 'xong';
    }
    const areas = members.map((m) => m.area_id);
    let changed = done.length > 0;
    const failed = members.filter((m) => m.state === 'loi' || m.state === 'tuquaylai');
    if (rollout.state === 'dangchay' && failed.length) {
      // A box that failed holds the rollout: the officer looks before the next boxes are touched.
      const reason = `${failed.length} loa cập nhật không thành công`;
      await this.db.transaction(async (tx) => {
        await tx.query(`UPDATE agent_rollouts SET state = 'tamdung', reason = $2 WHERE id = $1 AND state = 'dangchay'`, [rollout.id, reason]);
        await writeSystemLog(tx, RolloutDispatcher.systemActor(rollout.admin_id), {
          action: 'tam-dung-cap-nhat', targetType: 'dotcapnhat', targetId: rollout.id, targetName: `loa-speaker ${rollout.version}`, outcome: 'failed', detail: { lydo: reason },
        });
      });
      return areas;
    }
    const pending = members.filter((m) => m.state === 'cho' || m.state === 'dagui');
    if (pending.length === 0) {
      await this.db.query(`UPDATE agent_rollouts SET state = $2 WHERE id = $1 AND state = $3`, [rollout.id, rollout.state === 'dangchay' ? 'hoantat' : 'dahoanlai', rollout.state]);
      return areas;
    }
    // A rollback goes to every box at once; a rollout to the stage under way.
    const stage = Math.min(...pending.map((m) => m.stage));
    const now = Date.now();
    const due = pending.filter((m) => (rollout.state === 'danghoanlai' || m.stage === stage)
      && (m.state === 'cho' || !m.sent_at || now - m.sent_at.getTime() > this.opts.resendSeconds * 1000));
    const packages = new Map<string, Awaited<ReturnType<typeof commandPackages>>>();
    const packagesOf = async (version: string) => {
      if (!packages.has(version)) packages.set(version, await commandPackages(this.db, rollout.admin_id, version));
      return packages.get(version)!;
    };
    for (const m of due) {
      if (!this.mayUpdateNow(m.device_id, rollout.force, now)) continue;
      // A box that has not said which version it runs (it just connected) waits: it is sent the
      // package of that version to keep, to go back to.
      const current = runningVersion(this.gateway, m.device_id, m.firmware);
      if (!current) continue;
      const target = await packagesOf(m.target_version);
      if (target.length === 0) continue;
      const previous = await packagesOf(current);
      await this.gateway.command({ deviceIds: [m.device_id] }, {
        ...DeviceGateway.envelope(COMMAND_TTL_SECONDS), type: 'update', rolloutId: rollout.id, version: m.target_version,
        ...(m.rollback ? { rollback: true } : {}), packages: target, ...(previous.length ? { previous } : {}),
      });
      // A box whose version was not known when the rollout was made (it had just come online) goes
      // back, if rolled back, to the version it ran when it was sent this one.
      await this.db.query(
        `UPDATE agent_rollout_devices SET state = 'dagui', sent_at = now(), updated_at = now(), previous_version = COALESCE(previous_version, $3)
          WHERE rollout_id = $1 AND device_id = $2 AND state IN ('cho', 'dagui')`, [rollout.id, m.device_id, m.rollback ? null : current],
      );
      if (m.state === 'cho') changed = true;
    }
    return changed ? areas : null;
  }

  /**
   * Never during a broadcast, nor close to a planned occurrence, nor offline; in quiet hours only
   * when forced (issue #31: a box restarting must not cut or miss what it should play). Not before
   * the box says it listens: one just connected (back from its update, say) is still subscribing,
   * and would lose the command until it was sent again (UPDATE_RESEND_SECONDS later).
   */
  mayUpdateNow(deviceId: string, force: boolean, now = Date.now()): boolean {
    const presence = this.gateway.presence(deviceId);
    if (!presence?.listening || presence.sessionId) return false;
    if (!force && this.gateway.inQuietHours(deviceId, now)) return false;
    const plan = this.plans.planOf(deviceId);
    const soon = plan?.occurrences.some((o) => {
      const length = o.items.reduce((sum, item) => sum + item.duration, 0) * 1000;
      return o.runs.some((at) => at < now + PLANNED_MARGIN_MS && at + length > now);
    });
    return !soon;
  }
}
