import {
  adminJoinPayloadSchema,
  joinPayloadSchema,
  rconStreamPayloadSchema,
  REALTIME_ERRORS,
  type ServerToClientEvents,
} from '@shop/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { z } from 'zod';
import {
  createAddressResolver,
  createConnectionCounter,
  EventBudget,
  SOCKET_LIMITS,
  type SocketLimits,
} from './realtime-guard';
import { releaseRequestsOnConnect } from './realtime-memory';
import {
  ADMINS,
  consoleRoom,
  sessionRoom,
  userRoom,
  type EventHandler,
  type Io,
  type ShopSocket,
} from './realtime-types';
import {
  adapterWithFallback,
  createPgRelay,
  publishWithFallback,
  quietSubscriptions,
} from './realtime-relay';
import { closeRedisLink, firstConnection, openRedisLink, redisReady } from './redis-link';
import { userPermissions } from './permissions';

export { consoleRoom, userRoom, type ShopSocket, type SocketUser } from './realtime-types';

/** How long a signed-out user's sockets stay open for the `signedOut` event to reach them. */
const SIGNED_OUT_GRACE_MS = 1_500;

export interface RealtimeOptions {
  redisUrl: string | undefined;
  /** PostgreSQL, whose LISTEN/NOTIFY carries the events while Redis is down (several instances). */
  databaseUrl?: string | undefined;
  /** Prefix of the Redis channels, shared by every process of one shop. */
  redisKeyPrefix: string;
  /**
   * A worker: no HTTP listener and so no sockets of its own. It publishes its events through the
   * Redis emitter and does not subscribe to everyone else's.
   */
  emitOnly?: boolean;
  trustProxy: string | undefined;
  /** Tests tighten the limits to see them work in seconds. */
  limits?: Partial<SocketLimits>;
}

/**
 * The one live channel, on the shop's own origin. A socket joins a user's room only with a live
 * session of that very user, and the admin rooms only with an admin's session; anything else gets
 * `error` and changes nothing. With REDIS_URL, events reach sockets on every instance.
 */
async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions) {
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...options.limits };
  const io: Io = new Server(app.server, {
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: limits.maxPayloadBytes,
  });

  const redisClients: Redis[] = [];
  const key = `${options.redisKeyPrefix}socket.io`;
  let emitter: Emitter<ServerToClientEvents> | undefined;
  let relay: ReturnType<typeof createPgRelay> | undefined;
  if (options.redisUrl) {
    // Several instances share events through Redis; while it is down, through PostgreSQL. Neither
    // a Redis down at start nor one that goes away stops the shop (docs/decisions, README «Redis»).
    if (options.databaseUrl) {
      const url = options.databaseUrl;
      relay = createPgRelay(url, key, app.log);
      const pgRelay = relay;
      // A worker only sends; the instances with sockets listen.
      if (!options.emitOnly) await pgRelay.start();
      app.addHook('onClose', () => pgRelay.close());
    }
    const send = relay?.publish;
    const fallback = send
      ? (channel: string, message: Buffer | string) =>
          send(
            (text, values) => app.dbRun({ name: 'realtime-notify', text, values }),
            channel,
            message,
          )
      : undefined;
    const pub = openRedisLink(options.redisUrl, 'live events', app.log);
    publishWithFallback(pub, fallback, app.log);
    // Subscriptions wait for Redis (no command timeout, queued while down) and resume by themselves.
    const sub = options.emitOnly
      ? undefined
      : openRedisLink(options.redisUrl, 'live events (subscriber)', app.log, {
          enableOfflineQueue: true,
          maxRetriesPerRequest: null,
          commandTimeout: undefined,
        });
    if (sub) quietSubscriptions(sub);
    const clients = sub ? [pub, sub] : [pub];
    await firstConnection(clients);
    redisClients.push(...clients);
    if (sub) io.adapter(adapterWithFallback(pub, sub, { key }, relay));
    else emitter = new Emitter<ServerToClientEvents>(pub, { key });
  }
  /** Where broadcasts go: the emitter on a worker, else this server (and its adapter). */
  const out = emitter ?? io;

  const refuse = (socket: ShopSocket, message: string): void => {
    socket.emit('error', { message });
  };
  const handlers = new Map<string, { schema: z.ZodType; handler: EventHandler<z.ZodType> }>();

  const on: FastifyInstance['realtime']['on'] = (event, schema, handler) => {
    handlers.set(event, { schema, handler });
  };

  const authenticate = async (socket: ShopSocket, token: string) => {
    const cached = socket.data.session;
    if (cached?.token === token && Date.now() - cached.checkedAt < limits.sessionCacheMs) {
      return cached.user;
    }
    const found = await app.auth.authenticate(token);
    const user = found && {
      id: found.id,
      isAdmin: found.isAdmin,
      permissions: userPermissions(found),
    };
    socket.data.session = user ? { token, user, checkedAt: Date.now() } : undefined;
    return user;
  };

  const dispatch = async (socket: ShopSocket, event: string, payload: unknown) => {
    const entry = handlers.get(event);
    if (!entry) return;
    const parsed = entry.schema.safeParse(payload);
    if (!parsed.success) return refuse(socket, REALTIME_ERRORS.badRequest);
    try {
      await entry.handler(socket, parsed.data);
    } catch (err) {
      app.log.error({ err, event }, 'socket event failed');
      refuse(socket, REALTIME_ERRORS.failed);
    }
  };

  const connections = createConnectionCounter(limits.connectionsPerAddress);
  const addressOf = createAddressResolver(options.trustProxy);
  // What the shop adds to each open socket is multiplied by every tab of every player: one listener
  // for its events, one for its disconnection, its event budget, the session it proved, and no timer
  // or HTTP request once it has joined (docs/decisions/0020-live-channel-memory.md).
  // One function for every socket rather than a closure each: Node calls a listener with the
  // emitting socket as `this`.
  function releaseAddress(this: ShopSocket) {
    if (this.data.address !== undefined) connections.release(this.data.address);
  }
  io.use((socket, next) => {
    const address = addressOf(socket.request);
    if (!connections.admit(address)) return next(new Error(REALTIME_ERRORS.tooMany));
    socket.data.address = address;
    socket.on('disconnect', releaseAddress);
    next();
  });

  const releaseRequest = releaseRequestsOnConnect(io);
  io.on('connection', (socket) => {
    releaseRequest(socket);
    const budget = new EventBudget(limits.eventsPerSecond, limits.eventBurst);
    // Not cleared on disconnect (one listener fewer): it only checks, and it lets go of the socket
    // when it fires.
    setTimeout(() => {
      if (socket.connected && socket.data.userId === undefined) socket.disconnect(true);
    }, limits.joinTimeoutMs).unref();

    socket.onAny((event: string, payload: unknown) => {
      if (!budget.take()) {
        refuse(socket, REALTIME_ERRORS.tooMany);
        socket.disconnect(true);
        return;
      }
      void dispatch(socket, event, payload);
    });
  });

  on('join', joinPayloadSchema, async (socket, { userId, token }) => {
    const user = await authenticate(socket, token);
    if (!user || user.id !== userId) return refuse(socket, REALTIME_ERRORS.badSession);
    socket.data.userId = user.id;
    await socket.join([userRoom(user.id), sessionRoom(token)]);
    socket.emit('joined', { userId: user.id });
  });

  on('adminJoin', adminJoinPayloadSchema, async (socket, { token }) => {
    const user = await authenticate(socket, token);
    if (!user) return refuse(socket, REALTIME_ERRORS.badSession);
    if (!user.isAdmin) return refuse(socket, REALTIME_ERRORS.notAdmin);
    socket.data.userId = user.id;
    socket.data.isAdmin = true;
    socket.data.permissions = user.permissions;
    // The user's room too, so that signing out closes the console with everything else. The
    // staff room carries the support chat: only staff who answer chats hear it.
    const rooms = [userRoom(user.id), sessionRoom(token)];
    await socket.join(user.permissions.includes('chats') ? [ADMINS, ...rooms] : rooms);
    socket.emit('joined', { userId: user.id });
  });

  on('rconStream', rconStreamPayloadSchema, async (socket, { serverId }) => {
    if (!socket.data.isAdmin) return refuse(socket, REALTIME_ERRORS.notAdmin);
    if (!socket.data.permissions?.includes('rcon')) {
      return refuse(socket, REALTIME_ERRORS.notAdmin);
    }
    for (const room of socket.rooms) if (room.startsWith('console:')) await socket.leave(room);
    await socket.join(consoleRoom(serverId));
  });

  // Every process linked to a server hears its console; only the leader, whose monitor keeps a link
  // to every server, passes it on, so an admin sees each line once.
  const stopLines = app.servers.pool.onLine((serverId, line) => {
    if (!app.leadership.isLeader) return;
    out.to(consoleRoom(Number(serverId))).emit('server_log', {
      serverId: Number(serverId),
      timestamp: line.receivedAt.toISOString(),
      message: line.message,
    });
  });

  app.decorate('realtime', {
    io,
    on,
    authenticate,
    toUser: (userId, event, ...data) => void out.to(userRoom(userId)).emit(event, ...data),
    toAdmins: (event, ...data) => void out.to(ADMINS).emit(event, ...data),
    disconnectUser: (userId) => void out.in(userRoom(userId)).disconnectSockets(true),
    disconnectSession: (token) => void out.in(sessionRoom(token)).disconnectSockets(true),
    signOutUser: (userId) => {
      out.to(userRoom(userId)).emit('signedOut', { reason: 'everywhere' });
      setTimeout(
        () => void out.in(userRoom(userId)).disconnectSockets(true),
        SIGNED_OUT_GRACE_MS,
      ).unref();
    },
    redisState: () => {
      if (redisClients.length === 0) return 'off';
      return redisClients.every(redisReady) ? 'ok' : 'unavailable';
    },
  });

  // Before the HTTP server stops: open sockets would otherwise hold the shutdown until they time out.
  app.addHook('preClose', async () => {
    stopLines();
    io.disconnectSockets(true);
    await io.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map(closeRedisLink));
  });
}

export default fp(realtimePlugin, {
  name: 'realtime',
  dependencies: ['auth', 'game-servers', 'leadership'],
});
