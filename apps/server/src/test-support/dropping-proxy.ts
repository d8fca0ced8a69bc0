import { connect, createServer, type Server, type Socket } from 'node:net';

export interface DroppingProxy {
  url: string;
  /**
   * The replies to the next `count` POST requests (to paths that end with `pathSuffix`, when given)
   * are swallowed: the shop works, the client hears nothing.
   */
  dropPostReplies(count: number, pathSuffix?: string): void;
  /**
   * Requests to paths that end with `pathSuffix` never reach the shop while this is on: the
   * connection dies before they are forwarded, as when the shop is unreachable.
   */
  cutRequests(pathSuffix: string | null): void;
  /** Replies to paths that end with `pathSuffix` arrive `ms` late while this is on (null: off). */
  delayReplies(pathSuffix: string | null, ms?: number): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the shop that loses replies the way a mobile network switch or a proxy
 * timeout does: the request reaches the shop and is handled, then the connection dies before the
 * client reads a byte of the answer.
 */
export async function startDroppingProxy(target: {
  host: string;
  port: number;
}): Promise<DroppingProxy> {
  let drops = 0;
  let dropSuffix: string | undefined;
  let cutSuffix: string | null = null;
  let delay: { suffix: string; ms: number } | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let currentMethod = '';
    let currentPath = '';
    client.on('data', (chunk: Buffer) => {
      // Without pipelining a request starts a chunk; its first line is the method and the path.
      const head = /^([A-Z]+) (\/\S*) HTTP/.exec(chunk.subarray(0, 512).toString('latin1'));
      if (head) [currentMethod, currentPath] = [head[1]!, head[2]!];
      if (cutSuffix !== null && currentPath.endsWith(cutSuffix)) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const matches = dropSuffix === undefined || currentPath.endsWith(dropSuffix);
      if (currentMethod === 'POST' && drops > 0 && matches) {
        drops -= 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (delay !== null && currentPath.endsWith(delay.suffix)) {
        // Every chunk of the reply waits the same time, so they still arrive in order.
        setTimeout(() => client.write(chunk), delay.ms);
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    delayReplies(pathSuffix, ms = 1000) {
      delay = pathSuffix === null ? null : { suffix: pathSuffix, ms };
    },
    cutRequests(pathSuffix) {
      cutSuffix = pathSuffix;
    },
    dropPostReplies(count, pathSuffix) {
      drops = count;
      dropSuffix = pathSuffix;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
