import { ACCESS_COOKIE, EVENTS, REFRESH_COOKIE, type ClientToServerEvents, type ServerToClientEvents } from '@loa/contract';
import { Server } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import { authenticateSocket, socketAreaIds } from '../features/auth/auth.service';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

export const userRoom = (userId: string) => `user:${userId}`;
export const loginRoom = (deviceId: string) => `login:${deviceId}`;
export const areaRoom = (areaId: string) => `area:${areaId}`;

/**
 * The Socket.IO hub: authenticated by the session cookies, one room per user and one per login
 * device. With REDIS_URL the rooms span every server instance.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the Redis of REDIS_URL answers (null without one). */
    redisReady: () => boolean | null;
  }
}

export async function createRealtime(app: FastifyInstance): Promise<RealtimeServer> {
  let redisReady: () => boolean | null = () => null;
  app.decorate('redisReady', () => redisReady());
  // destroyUpgrade off: the same HTTP server also upgrades /mqtt for devices.
  const io: RealtimeServer = new Server(app.server, { serveClient: false, cors: { origin: false }, destroyUpgrade: false });

  if (app.config.REDIS_URL) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: app.config.REDIS_URL });
    const sub = pub.duplicate();
    // Redis going away must not end the process (an 'error' without a listener would): one clear
    // line per outage, the health call says so, and the clients reconnect by themselves.
    let down = false;
    const lost = (error: unknown) => {
      if (down) return;
      down = true;
      app.log.error({ err: error }, 'redis unreachable (REDIS_URL): consoles on other instances miss what happens here, and live voice across instances stops, until it is back; reconnecting');
    };
    pub.on('error', lost);
    sub.on('error', lost);
    const back = () => {
      if (!down || !pub.isReady || !sub.isReady) return;
      down = false;
      app.log.warn('redis reachable again');
    };
    pub.on('ready', back);
    sub.on('ready', back);
    await Promise.all([pub.connect(), sub.connect()]);
    redisReady = () => pub.isReady && sub.isReady;
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
    authenticateSocket(app.authDeps, { access: cookies[ACCESS_COOKIE], refresh: cookies[REFRESH_COOKIE] })
      .then((who) => {
        if (!who) return next(new Error('unauthorized'));
        socket.data = who;
        void socket.join([userRoom(who.userId), loginRoom(who.deviceId), ...who.areaIds.map(areaRoom)]);
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  app.bus.on('login.revoked', ({ deviceId }) => {
    io.to(loginRoom(deviceId)).emit(EVENTS.deviceLogout, deviceId);
    // Give the event time to arrive before the revoked login's sockets are cut.
    setTimeout(() => io.in(loginRoom(deviceId)).disconnectSockets(true), 1000).unref();
  });
  app.bus.on('user.signedOut', ({ deviceId }) => {
    io.in(loginRoom(deviceId)).disconnectSockets(true);
  });

  // A console's area rooms follow its user's scope while it stays open: an area created (or moved)
  // after it connected is heard at once, an area taken from the user is not heard any more.
  const followScope = async (sockets: Awaited<ReturnType<RealtimeServer['fetchSockets']>>) => {
    const scopes = new Map<string, Promise<string[] | null>>();
    for (const socket of sockets) {
      const userId = (socket.data as { userId?: string } | undefined)?.userId;
      if (!userId) continue;
      if (!scopes.has(userId)) scopes.set(userId, socketAreaIds(app.db, userId));
      const areaIds = await scopes.get(userId)!;
      if (!areaIds) continue;
      const wanted = new Set(areaIds.map(areaRoom));
      for (const room of socket.rooms) if (room.startsWith('area:') && !wanted.has(room)) socket.leave(room);
      const missing = [...wanted].filter((room) => !socket.rooms.has(room));
      if (missing.length > 0) socket.join(missing);
    }
  };
  const follow = (sockets: Promise<Awaited<ReturnType<RealtimeServer['fetchSockets']>>>) => {
    sockets.then(followScope).catch((error: unknown) => app.log.warn({ err: error }, 'consoles could not follow a change of area scope'));
  };
  app.bus.on('account.changed', ({ userId, lydo }) => {
    io.to(userRoom(userId)).emit(EVENTS.accountChanged, { lydo });
    if (lydo === 'capnhat') follow(io.in(userRoom(userId)).fetchSockets());
  });
  app.bus.on('areas.changed', () => follow(io.fetchSockets()));

  // Speakers' live status reaches the consoles whose scope holds their area.
  app.bus.on('devices.changed', ({ byArea }) => {
    for (const [areaId, devices] of byArea) io.to(areaRoom(areaId)).emit(EVENTS.deviceStatus, devices);
  });

  // Open schedule lists follow every change, made here or by the scheduler (a missed occurrence).
  const schedulesChanged = ({ ids, areaIds, userIds }: { ids: string[]; areaIds: string[]; userIds: string[] }) => {
    const rooms = [...[...app.gateway.subtree(areaIds)].map(areaRoom), ...userIds.map(userRoom)];
    if (rooms.length > 0) io.to(rooms).emit(EVENTS.schedulesChanged, { ids });
  };
  app.bus.on('schedules.changed', schedulesChanged);
  app.bus.on('schedule.alert', ({ kind, scheduleId, areaIds }) => {
    if (kind === 'bolo') schedulesChanged({ ids: [scheduleId], areaIds, userIds: [] });
  });

  // Additions, edits, moves and deletions reach the device lists open on those areas, like statuses.
  app.bus.on('devices.registry', ({ deviceId, areaIds }) => {
    io.to(areaIds.map(areaRoom)).emit(EVENTS.deviceRegistry, { _id: deviceId });
  });

  // Rollout progress on Cập nhật phần mềm follows the boxes as they are sent it and report.
  app.bus.on('rollouts.changed', ({ rolloutId, areaIds }) => {
    if (areaIds.length > 0) io.to(areaIds.map(areaRoom)).emit(EVENTS.rolloutsChanged, { _id: rolloutId });
  });

  // Broadcast cards and the header button follow the playout engine.
  app.bus.on('broadcast.changed', ({ areaIds, userId, event, payload }) => {
    const rooms = [...areaIds.map(areaRoom), userRoom(userId)];
    (io.to(rooms).emit as (name: string, data: unknown) => boolean)(event, payload);
  });

  // Before the HTTP server drains, which waits for every upgraded connection: consoles are told
  // the server is stopping (they reconnect, to another instance where there is one). Only this
  // instance's sockets: with Redis, io.disconnectSockets would reach every instance's.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
  return io;
}
