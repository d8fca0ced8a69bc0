import {
  REALTIME_ERRORS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@shop/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

interface SocketData {
  userId?: number;
  isAdmin?: boolean;
}

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ShopSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: Io;
      /** Sends to every open tab of one user, on every instance. */
      toUser<E extends keyof ServerToClientEvents>(
        userId: number,
        event: E,
        ...data: Parameters<ServerToClientEvents[E]>
      ): void;
      toAdmins<E extends keyof ServerToClientEvents>(
        event: E,
        ...data: Parameters<ServerToClientEvents[E]>
      ): void;
      /** Closes every live socket of a user (after sign-out): a join proved a session that is gone. */
      disconnectUser(userId: number): void;
    };
  }
}

export const userRoom = (userId: number) => `user:${userId}`;
export const consoleRoom = (serverId: number) => `console:${serverId}`;
const ADMINS = 'admins';

const asId = (value: unknown) => {
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The one live channel, on the shop's own origin. A socket joins a user's room only with a live
 * session of that very user, and the admin rooms only with an admin's session; anything else gets
 * `error` and changes nothing. With REDIS_URL, events reach sockets on every instance.
 */
async function realtimePlugin(app: FastifyInstance, options: { redisUrl: string | undefined }) {
  const io: Io = new Server(app.server, {
    serveClient: false,
    transports: ['websocket', 'polling'],
  });

  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => app.log.warn({ err }, 'redis'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  const refuse = (socket: ShopSocket, message: string) => socket.emit('error', { message });

  io.on('connection', (socket) => {
    socket.on('join', async (data) => {
      const userId = asId(data?.userId);
      const user =
        typeof data?.token === 'string' ? await app.auth.authenticate(data.token) : undefined;
      if (!user || user.id !== userId) return refuse(socket, REALTIME_ERRORS.badSession);
      socket.data.userId = user.id;
      await socket.join(userRoom(user.id));
      socket.emit('joined', { userId: user.id });
    });

    socket.on('adminJoin', async (data) => {
      const user =
        typeof data?.token === 'string' ? await app.auth.authenticate(data.token) : undefined;
      if (!user) return refuse(socket, REALTIME_ERRORS.badSession);
      if (!user.isAdmin) return refuse(socket, REALTIME_ERRORS.notAdmin);
      socket.data.userId = user.id;
      socket.data.isAdmin = true;
      // The user's room too, so that signing out closes the console with everything else.
      await socket.join([ADMINS, userRoom(user.id)]);
      socket.emit('joined', { userId: user.id });
    });

    socket.on('rconStream', async (data) => {
      if (!socket.data.isAdmin) return refuse(socket, REALTIME_ERRORS.notAdmin);
      const serverId = asId(data?.serverId);
      if (!serverId) return refuse(socket, REALTIME_ERRORS.badRequest);
      for (const room of socket.rooms) if (room.startsWith('console:')) await socket.leave(room);
      await socket.join(consoleRoom(serverId));
    });
  });

  const stopLines = app.servers.pool.onLine((serverId, line) => {
    io.to(consoleRoom(Number(serverId))).emit('server_log', {
      serverId: Number(serverId),
      timestamp: line.receivedAt.toISOString(),
      message: line.message,
    });
  });

  app.decorate('realtime', {
    io,
    toUser: (userId, event, ...data) => void io.to(userRoom(userId)).emit(event, ...data),
    toAdmins: (event, ...data) => void io.to(ADMINS).emit(event, ...data),
    disconnectUser: (userId) => void io.in(userRoom(userId)).disconnectSockets(true),
  });

  // Before the HTTP server stops: open sockets would otherwise hold the shutdown until they time out.
  app.addHook('preClose', async () => {
    stopLines();
    io.disconnectSockets(true);
    await io.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['auth', 'game-servers'] });
