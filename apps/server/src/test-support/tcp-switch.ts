import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP forwarder in front of a service (PostgreSQL) that the test can switch off and on: off, every
 * open connection is reset and new ones are closed at once, as when the service is stopped or its
 * host restarts; on, it forwards again.
 */
export async function startTcpSwitch(target: { host: string; port: number }) {
  let on = true;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!on) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
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
    port,
    off() {
      on = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    on() {
      on = true;
    },
    async close() {
      this.off();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
