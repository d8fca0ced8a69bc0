import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { RconFrame, SimConnectionAttempt } from './types';

/** A received frame as text: ws hands frames over as Buffers, or as pieces of one when fragmented. */
export function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}

/**
 * What Facepunch's WebRcon does to a refused connection: Fleck's `socket.Close()` runs before the
 * handshake answer, so the client receives a bare WebSocket close frame (code 1000) where it expected
 * "HTTP/1.1 101", and the TCP connection ends. Clients see an HTTP parse error, not a 401.
 */
const REFUSAL = Buffer.from([0x88, 0x02, 0x03, 0xe8]);

export interface SimConnection {
  readonly id: number;
  readonly address: string;
  readonly socket: WebSocket;
}

export interface ListenerOptions {
  host: string;
  password: () => string;
  maxPasswordFailures: number;
  banDurationMs: number;
  /** The game's own log lines about RCON logins (they reach connected clients as console lines). */
  log: (line: string) => void;
  onAttempt: (attempt: SimConnectionAttempt) => void;
  onMessage: (connection: SimConnection, raw: string) => void;
}

interface FailedLogins {
  attempts: number;
  bannedUntil: number;
}

const normaliseAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

/** The WebRcon listener: password in the path, per-address failure counting and temporary bans. */
export class RconListener {
  readonly connections = new Map<number, SimConnection>();
  /** Like the game, failures are forgotten only when a ban expires, not on a good login. */
  readonly failed = new Map<string, FailedLogins>();
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private nextId = 0;

  constructor(private readonly options: ListenerOptions) {}

  get running(): boolean {
    return this.server !== null;
  }

  async start(port: number): Promise<number> {
    if (this.server) return (this.server.address() as AddressInfo).port;
    const server = createServer((_req, res) => {
      res.writeHead(404).end();
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as Socket, head));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Drops every connection at once, as a crashed or restarting game server does. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const connection of this.connections.values()) connection.socket.terminate();
    this.connections.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  send(connection: SimConnection, frame: RconFrame): void {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify(frame));
    }
  }

  broadcast(frame: RconFrame): void {
    const text = JSON.stringify(frame);
    for (const { socket } of this.connections.values()) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  isBanned(address: string): boolean {
    const entry = this.failed.get(address);
    if (!entry || entry.bannedUntil === 0) return false;
    if (Date.now() < entry.bannedUntil) return true;
    // An expired ban wipes the slate, as in the game's IsBannedIP.
    this.failed.delete(address);
    return false;
  }

  private upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const address = normaliseAddress(req.socket.remoteAddress);
    const requiredPath = `/${this.options.password()}`;
    const at = new Date();
    if (this.isBanned(address)) {
      this.options.log(`RCON: Banned IP ${address} attempted to connect.`);
      if (req.url === requiredPath) {
        this.options.log(
          `RCON: CRITICAL - Banned IP ${address} supplied the correct password. Access was still denied.`,
        );
      }
      this.options.onAttempt({ at, address, outcome: 'banned' });
      socket.end(REFUSAL);
      return;
    }
    if (req.url !== requiredPath) {
      this.options.log(`RCON: IP ${address} attempted to connect with incorrect password.`);
      this.options.onAttempt({ at, address, outcome: 'wrong-password' });
      socket.end(REFUSAL);
      this.countFailure(address);
      return;
    }
    this.options.onAttempt({ at, address, outcome: 'accepted' });
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: SimConnection = { id: ++this.nextId, address, socket: ws };
      if (!this.server) {
        ws.terminate();
        return;
      }
      this.connections.set(connection.id, connection);
      ws.on('message', (data) => this.options.onMessage(connection, frameText(data)));
      ws.on('close', () => this.connections.delete(connection.id));
      ws.on('error', () => this.connections.delete(connection.id));
    });
  }

  private countFailure(address: string): void {
    const entry = this.failed.get(address) ?? { attempts: 0, bannedUntil: 0 };
    entry.attempts += 1;
    this.failed.set(address, entry);
    if (entry.attempts >= this.options.maxPasswordFailures) {
      entry.bannedUntil = Date.now() + this.options.banDurationMs;
      this.options.log(
        `RCON: IP ${address} banned for ${this.options.banDurationMs / 1000} seconds due to reaching ` +
          `max password failure attempts (${this.options.maxPasswordFailures})`,
      );
    }
  }
}
