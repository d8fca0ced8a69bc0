/**
 * How long one connection may take to say what it wants. Fastify turns Node's request timeout off
 * (0), so a client that trickled a body a byte at a time held a connection and its parser for as
 * long as it liked; a few thousand such clients use up the process's sockets and memory.
 *
 * Node measures both limits only while a request is arriving: once its last byte is in, nothing
 * here applies, so the plugin's long poll (25 s of silence), a slow export or backup download, the
 * socket.io polling transport's held GET and an upgraded WebSocket all keep their connection.
 */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (uploads included). */
  requestMs: number;
  /** The request line and headers must arrive within this; also a connection that sends nothing. */
  headersMs: number;
  /** An idle connection between two requests is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for connections past a limit: the worst case adds this to each one. */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  // A 4 MB upload (the largest body, an admin's import) still fits at 2 Mbit/s.
  requestMs: 20_000,
  headersMs: 10_000,
  // Fastify's own default: longer than the 60 s idle timeout of common load balancers, so a balancer
  // never sends a request on a connection the shop is just closing.
  keepAliveMs: 72_000,
  // Node's default of 30 s would let a trickle live up to 50 s.
  checkEveryMs: 2_000,
};

/** The Fastify factory options that apply `timeouts` to its HTTP server. */
export function httpServerOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // No idle timeout on the socket itself: the long poll and a WebSocket are silent for long
    // stretches by design, and the limits above already bound every stage a request can stall in.
    connectionTimeout: 0,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  };
}
