import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_ERRORS } from '@shop/shared';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from './test-support/test-database';
import { shopTopology } from './test-support/shop-topology';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const nginxConf = path.resolve(here, '../../../deploy/nginx.conf');

/** Debian's nginx (in /usr/sbin, which a non-root PATH may lack), or undefined. */
function findNginx(): string | undefined {
  for (const binary of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(binary, ['-v'], { stdio: 'ignore' });
      return binary;
    } catch {
      // not this one
    }
  }
  return undefined;
}
const nginx = findNginx();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

describe.skipIf(!postgresUrl || !redisUrl || !nginx)(
  "deploy/nginx.conf in front of two instances (runs with TEST_DATABASE_URL, REDIS_URL and Debian's nginx)",
  () => {
    it('spreads requests over both, and carries the live channel by WebSocket and by long polling', async () => {
      const place = await createPostgresTestDatabase(postgresUrl!);
      cleanups.push(place.drop);
      const env = {
        DATABASE_URL: place.url,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
        TRUSTED_PROXY: '127.0.0.1',
      };
      const topology = shopTopology(env);
      cleanups.push(topology.killAll);
      const [first, second] = [
        await topology.start('api-1', 'api'),
        await topology.start('api-2', 'api'),
      ].map((shop) => new URL(shop.url!).port);

      // The shipped file, with the Compose service names replaced by the two loopback instances.
      const listen = await freePort();
      const dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const site = readFileSync(nginxConf, 'utf8')
        .replaceAll('shop-1:3000', `127.0.0.1:${first}`)
        .replaceAll('shop-2:3000', `127.0.0.1:${second}`)
        .replace('listen 80;', `listen 127.0.0.1:${listen};`);
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(
        conf,
        `daemon on; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
         events {}
         http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; ${site} }`,
      );
      execFileSync(nginx!, ['-c', conf, '-p', dir], { stdio: 'inherit' });
      cleanups.push(() => execFileSync(nginx!, ['-s', 'stop', '-c', conf, '-p', dir]));
      const origin = `http://127.0.0.1:${listen}`;

      // Requests reach both instances: exactly one of them leads, and both answer.
      const leaders = [];
      for (let index = 0; index < 6; index += 1) {
        const health = (await (await fetch(`${origin}/api/health`)).json()) as { leader: boolean };
        leaders.push(health.leader);
      }
      expect(new Set(leaders)).toEqual(new Set([true, false]));

      // A socket through the proxy gets the server's answer, whichever transport it is stuck with.
      for (const transport of ['websocket', 'polling'] as const) {
        const socket = io(origin, { transports: [transport], reconnection: false });
        cleanups.push(() => socket.close());
        const answer = await new Promise<string>((resolve, reject) => {
          socket.on('connect', () => socket.emit('join', { userId: 1, token: 'x'.repeat(43) }));
          socket.on('error', (error) => resolve(error.message));
          socket.on('connect_error', reject);
        });
        expect(answer, transport).toBe(REALTIME_ERRORS.badSession);
        expect(socket.io.engine.transport.name).toBe(transport);
        socket.close();
      }
    }, 60_000);
  },
);
