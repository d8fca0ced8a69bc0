import { connect, createServer, type Server, type Socket } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** The replies to the next `count` POST requests are swallowed: the shop works, the client hears nothing. */
  dropPostReplies(count: number): void;
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
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let currentMethod = '';
    client.on('data', (chunk: Buffer) => {
      // Without pipelining a request starts a chunk; its first word is the method.
      const head = /^([A-Z]+) \//.exec(chunk.subarray(0, 16).toString('latin1'));
      if (head) currentMethod = head[1]!;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (currentMethod === 'POST' && drops > 0) {
        drops -= 1;
        client.destroy();
        upstream.destroy();
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
    dropPostReplies(count) {
      drops = count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
