import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { waitUntil } from './wait-until';

/** Whether the real redis-server is installed (CI installs it; .ci/run checks). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A real Redis of the test's own on a free loopback port, which the test stops and starts again
 * (an outage, as `systemctl stop redis` makes one): nothing saved, nothing shared with other tests.
 */
export async function startOwnRedis(
  { port: chosen, running = true } = {} as {
    port?: number;
    running?: boolean;
  },
) {
  const port = chosen ?? (await freePort());
  let child: ChildProcess | undefined;
  const up = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    await waitUntil(
      async () => {
        try {
          if (probe.status !== 'ready') await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          probe.disconnect();
          return false;
        }
      },
      { what: 'redis-server answering' },
    );
    probe.disconnect();
  };
  const down = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  if (running) await up();
  return { url: `redis://127.0.0.1:${port}`, port, stop: down, start: up, close: down };
}
