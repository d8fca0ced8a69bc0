import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * Limits of the live channel. A browser tab sends a handful of events a minute; anything near these
 * figures is a script, and it must not cost other players their shop.
 */
export const SOCKET_LIMITS = {
  /** Steady events per second per socket, and the burst allowed above it before disconnecting. */
  eventsPerSecond: 20,
  eventBurst: 40,
  /** Open sockets per client address on one process (households and carrier NATs share one). */
  connectionsPerAddress: 50,
  /**
   * A socket that has not joined by then is closed: unauthenticated sockets only cost memory. A tab
   * joins within a round trip of connecting; 5 s leaves room for a slow phone link.
   */
  joinTimeoutMs: 5_000,
  /** How long a socket trusts the session it joined with before asking the database again. */
  sessionCacheMs: 30_000,
  /** The largest frame a client may send (chat messages are the longest payloads). */
  maxPayloadBytes: 64 * 1024,
};
export type SocketLimits = Readonly<typeof SOCKET_LIMITS>;

/**
 * A token bucket per socket: `take()` is false once the socket spent its burst faster than the rate.
 * A class, so that each open socket pays for one small object rather than an object, a closure and
 * its scope.
 */
export class EventBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number = SOCKET_LIMITS.eventsPerSecond,
    private readonly burst: number = SOCKET_LIMITS.eventBurst,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Counts open sockets per address; `admit` refuses the one past the limit. */
export function createConnectionCounter(limit: number = SOCKET_LIMITS.connectionsPerAddress) {
  const open = new Map<string, number>();
  return {
    admit(address: string): boolean {
      const count = open.get(address) ?? 0;
      if (count >= limit) return false;
      open.set(address, count + 1);
      return true;
    },
    release(address: string) {
      const count = (open.get(address) ?? 1) - 1;
      if (count <= 0) open.delete(address);
      else open.set(address, count);
    },
  };
}

/**
 * The client's address as the HTTP API sees it: behind a trusted proxy, the address the proxy
 * reports; otherwise the peer's. Without this every player behind nginx would share one limit.
 */
export function createAddressResolver(trustProxy: string | undefined) {
  if (!trustProxy) return (request: IncomingMessage) => request.socket.remoteAddress ?? 'unknown';
  const trusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request: IncomingMessage) => proxyAddr(request, trusted);
}
