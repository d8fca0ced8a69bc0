import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatList, ChatMessage } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { createAccount } from '../../test-support/sign-in';
import { next, record, socketClients } from '../../test-support/socket-clients';
import { createPostgresTestDatabase } from '../../test-support/test-database';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const instanceProcess = path.resolve(here, '../../test-support/shop-instance-process.ts');

const clients = socketClients();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  clients.closeAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** The second shop process, as an operator runs it: same PostgreSQL, same Redis, its own port. */
async function startOtherInstance(env: Record<string, string>): Promise<string> {
  const child: ChildProcess = fork(instanceProcess, [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`shop instance exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

describe.skipIf(!postgresUrl || !redisUrl)('support chat across two shop processes', () => {
  it('carries the whole round between a player on one instance and an admin on the other', async () => {
    const place = await createPostgresTestDatabase(postgresUrl!);
    cleanups.push(place.drop);
    const env = { DATABASE_URL: place.url, REDIS_URL: redisUrl! };
    const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
    const database: Database = await openDatabase({ url: place.url });
    const app: FastifyInstance = await buildApp({
      config,
      database,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const thisShop = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const otherShop = await startOtherInstance(env);

    const player = await createAccount(app, config);
    const bystander = await createAccount(app, config);
    const admin = await createAccount(app, config, 'admin');
    const playerSocket = await clients.joined(thisShop, player);
    const bystanderSocket = await clients.joined(otherShop, bystander);
    const adminSocket = await clients.joined(otherShop, admin, 'admin');
    const bystanderSaw = record(bystanderSocket, 'newAdminMessage');

    // The player writes on this instance; the admin's socket on the other one hears it.
    const heard = next(adminSocket, 'newMessage');
    const sent = await fetch(`${thisShop}/api/chat/send`, {
      method: 'POST',
      headers: { ...player.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: bystander.id, username: 'x', message: 'Где мой предмет?' }),
    });
    const stored = (await sent.json()) as ChatMessage;
    expect(stored).toMatchObject({ userId: player.id, message: 'Где мой предмет?' });
    expect(await heard).toEqual(stored);

    const list = async (url: string) => {
      const reply = await fetch(`${url}/api/chat/history/all`, { headers: admin.headers });
      return ((await reply.json()) as ChatList).chats.find((c) => c.userId === player.id)?.status;
    };
    expect(await list(otherShop)).toBe('unanswered');

    // The admin answers on the other instance; the reply reaches the player's socket thisShop.
    const answered = next(playerSocket, 'newAdminMessage');
    adminSocket.emit('adminSendMessage', { targetUserId: player.id, message: 'Выдали повторно' });
    expect(await answered).toMatchObject({
      userId: player.id,
      isAdmin: true,
      message: 'Выдали повторно',
    });
    expect(await list(thisShop)).toBe('open');

    const closed = await fetch(`${otherShop}/api/chat/update-status/${player.id}`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'closed' }),
    });
    expect(closed.status).toBe(200);
    const again = next(adminSocket, 'newMessage');
    await fetch(`${thisShop}/api/chat/send`, {
      method: 'POST',
      headers: { ...player.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Спасибо, пришло' }),
    });
    expect((await again).message).toBe('Спасибо, пришло');
    expect(await list(otherShop)).toBe('unanswered');
    expect(bystanderSaw).toEqual([]);
  });
});
