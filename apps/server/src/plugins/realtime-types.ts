import { createHash } from 'node:crypto';
import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { UserRow } from '../modules/users/users-repository';

/** The live channel's contract: what a socket carries, its rooms, and what `app.realtime` offers. */
/** What a socket needs of the user behind its session (kept per socket: only these fields). */
export type SocketUser = Pick<UserRow, 'id' | 'isAdmin'> & { permissions: readonly string[] };

export interface SocketData {
  /** The client address this connection is counted under (per-address limit). */
  address?: string;
  userId?: number;
  isAdmin?: boolean;
  /** The staff member's permissions as of adminJoin: the console stream needs `rcon`. */
  permissions?: readonly string[];
  /** The session this socket proved, kept briefly so repeated joins do not each hit the database. */
  session?: { token: string; user: SocketUser; checkedAt: number };
}

/** Between shop processes (over Redis): an admin changed the catalogue, drop your copy. */
export interface InterServerEvents {
  catalogChanged: () => void;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type ShopSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type EventHandler<S extends z.ZodType> = (
  socket: ShopSocket,
  payload: z.output<S>,
) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: Io;
      /**
       * Handles a client event on every socket: the payload is parsed with `schema` (a bad one is
       * answered with `error` and nothing runs), the socket's event budget is charged, and a failure
       * of the handler is logged and answered instead of escaping.
       */
      on<S extends z.ZodType>(
        event: keyof ClientToServerEvents,
        schema: S,
        handler: EventHandler<S>,
      ): void;
      /** The user behind a token, looked up once per socket and kept for a short while. */
      authenticate(socket: ShopSocket, token: string): Promise<SocketUser | undefined>;
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
      /**
       * Closes every live socket of a user (their rights changed): each tab dials again and joins
       * with what its session may now do.
       */
      disconnectUser(userId: number): void;
      /** Closes the live sockets of one session (signed out on that device): its join proved nothing. */
      disconnectSession(token: string): void;
      /**
       * Every session of a user ended: their tabs are told (`signedOut`), then their sockets close
       * once the event has had time to leave, since a close at once can drop the unsent packet.
       */
      signOutUser(userId: number): void;
      /** Redis as the live channel sees it: off without REDIS_URL (health, metrics). */
      redisState(): 'ok' | 'unavailable' | 'off';
    };
  }
}

export const userRoom = (userId: number) => `user:${userId}`;
/** A session's own room, named by a digest: room names travel through Redis and the logs. */
export const sessionRoom = (token: string) =>
  `session:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
export const consoleRoom = (serverId: number) => `console:${serverId}`;
export const ADMINS = 'admins';
