import { RconClient } from './rcon-client';
import type { RconClientOptions, RconLine, RconStatus } from './rcon-types';

/** The fields of a game server the pool needs (named as in the shop's SERVER record). */
export interface RconServerConfig {
  id: string | number;
  ip: string;
  rconPort: number;
  rconPassword: string;
}

export type RconPoolOptions = Omit<RconClientOptions, 'host' | 'port' | 'password'>;

/**
 * One RconClient per game server id, shared by delivery, the server monitor and the admin console,
 * so the game sees a single connection from the shop. `get` is cheap: call it with the server's
 * current record each time and the pool follows address or password changes.
 */
export class RconPool {
  private readonly clients = new Map<string, RconClient>();
  private readonly unsubscribers = new Map<string, Array<() => void>>();
  private readonly lineListeners = new Set<(serverId: string, line: RconLine) => void>();
  private readonly statusListeners = new Set<(serverId: string, status: RconStatus) => void>();

  constructor(private readonly options: RconPoolOptions = {}) {}

  get(server: RconServerConfig): RconClient {
    const id = String(server.id);
    const endpoint = { host: server.ip, port: server.rconPort, password: server.rconPassword };
    const existing = this.clients.get(id);
    if (existing) {
      existing.updateEndpoint(endpoint);
      return existing;
    }
    const client = new RconClient({ ...this.options, ...endpoint });
    this.clients.set(id, client);
    this.unsubscribers.set(id, [
      client.onLine((line) => this.lineListeners.forEach((listener) => listener(id, line))),
      client.onStatus((status) => this.statusListeners.forEach((listener) => listener(id, status))),
    ]);
    client.connect();
    return client;
  }

  /** The client for a server id, if one was made; never connects anything. */
  peek(serverId: string | number): RconClient | undefined {
    return this.clients.get(String(serverId));
  }

  ids(): string[] {
    return [...this.clients.keys()];
  }

  /** Closes and forgets one server's client (the server was deleted or switched to plugin delivery). */
  async remove(serverId: string | number): Promise<void> {
    const id = String(serverId);
    const client = this.clients.get(id);
    if (!client) return;
    this.clients.delete(id);
    this.unsubscribers.get(id)?.forEach((unsubscribe) => unsubscribe());
    this.unsubscribers.delete(id);
    await client.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.ids().map((id) => this.remove(id)));
  }

  /** Console lines of every server, tagged with its id (for the admin console stream). */
  onLine(listener: (serverId: string, line: RconLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  /** Connection state of every server (for the monitor). */
  onStatus(listener: (serverId: string, status: RconStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
}
