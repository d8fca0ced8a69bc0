import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Server, Socket } from 'socket.io';

/** Empty, frozen values shared by every connected socket's handshake. */
const NO_HEADERS: IncomingHttpHeaders = Object.freeze({});
const NOTHING = Object.freeze({});

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Lets go of each socket's first HTTP request once the socket has connected. The shop reads it only
 * in the connection middleware (the client's address), but Socket.IO keeps it for the socket's whole
 * life (`socket.request`, Socket.IO's own memory tip), and so does engine.io's stand-in response to a
 * WebSocket upgrade, from a listener it leaves on the TCP socket; the handshake copies its headers,
 * URL and query. Dropping them frees ~1.3 KB a socket (docs/decisions/0020-live-channel-memory.md).
 *
 * Returns what the `connection` handler calls: afterwards `socket.request` is null and the handshake
 * keeps only the address and the time (no headers, query, auth or URL).
 */
export function releaseRequestsOnConnect(io: Pick<Server, 'engine'>) {
  const responses = new WeakMap<IncomingMessage, ServerResponse>();
  // Only WebSocket upgrades: there `res` is engine.io's stand-in, not a live HTTP response.
  const remember: Middleware = (req, res, next) => {
    if (req.headers.upgrade) responses.set(req, res);
    next();
  };
  io.engine.use(remember);

  return (socket: Pick<Socket, 'conn' | 'handshake'>) => {
    const request = socket.conn.request;
    const response = responses.get(request);
    // Neither property is declared nullable; Socket.IO copes with a missing request (see its tip).
    if (response) Reflect.set(response, 'req', null);
    Reflect.set(socket.conn, 'request', null);
    const { handshake } = socket;
    handshake.headers = NO_HEADERS;
    handshake.query = NOTHING;
    handshake.auth = NOTHING;
    handshake.url = '';
  };
}
