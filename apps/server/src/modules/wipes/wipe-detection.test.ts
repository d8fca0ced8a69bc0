import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { serverWipes } from '../../db/schema/index';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

let game: RustSimHandle;
let shop: TestApp;
let second: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

/** The save the game starts on: made on 17 April 2023 at 06:00:42 UTC, printed the game's way. */
const FIRST_SAVE = new Date('2023-04-17T06:00:42Z');

beforeAll(async () => {
  game = await startRustSim({
    consoleIntervalMs: null,
    chatIntervalMs: null,
    map: 'Procedural Map',
    saveCreatedAt: FIRST_SAVE,
    seed: 1337,
    worldSize: 4250,
  });
  shop = await createTestApp(
    {},
    {
      gameServers: {
        monitorIntervalMs: false,
        rcon: { commandTimeoutMs: 1_000, backoff: { initialMs: 50, maxMs: 200, jitter: 0 } },
      },
    },
  );
  second = await createSecondInstance(shop);
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Classic' }, game);
});
afterAll(async () => {
  await second?.close();
  await shop?.close();
  await game?.close();
});

const publicServer = async () =>
  (await shop.app.inject({ url: '/api/servers' }))
    .json()
    .find((server: { id: number }) => server.id === serverId);

const wipeRows = () =>
  shop.app.db
    .select({
      wiped_at: serverWipes.wipedAt,
      source: serverWipes.source,
      map: serverWipes.map,
      seed: serverWipes.seed,
      world_size: serverWipes.worldSize,
    })
    .from(serverWipes)
    .where(eq(serverWipes.serverId, serverId))
    .orderBy(asc(serverWipes.wipedAt));

describe('a wipe seen by the monitor', () => {
  it('reads the save time the game prints and shows it as the last wipe', async () => {
    expect(
      JSON.parse((await game.waitForCommand((c) => c.name === 'serverinfo')).replies[0]!),
    ).toMatchObject({ SaveCreatedTime: '04/17/2023 06:00:42' });
    expect(await publicServer()).toMatchObject({
      lastWipeAt: FIRST_SAVE.toISOString(),
      nextWipeAt: null,
    });
    expect(await wipeRows()).toEqual([
      {
        wiped_at: FIRST_SAVE,
        source: 'detected',
        map: 'Procedural Map',
        seed: 1337,
        world_size: 4250,
      },
    ]);
  });

  it('shows a new save as the last wipe after one poll, with its map, seed and size', async () => {
    const saved = game.wipe({ seed: 777, worldSize: 3000, map: 'Barren' });
    await shop.app.servers.monitor.pollNow();
    expect((await publicServer()).lastWipeAt).toBe(saved.toISOString());
    expect((await wipeRows()).at(-1)).toEqual({
      wiped_at: saved,
      source: 'detected',
      map: 'Barren',
      seed: 777,
      world_size: 3000,
    });
  });

  it('records it once: more polls, a restart on the same save, a second shop process', async () => {
    const before = await wipeRows();
    for (let poll = 0; poll < 3; poll += 1) await shop.app.servers.monitor.pollNow();
    await game.stop();
    await shop.app.servers.monitor.pollNow();
    await game.start();
    await waitUntil(
      async () => {
        await shop.app.servers.monitor.pollOne(serverId);
        return (await publicServer()).status === 'online';
      },
      { what: 'the server back online' },
    );
    await Promise.all([
      shop.app.servers.monitor.pollNow(),
      second.servers.monitor.pollNow(),
      second.servers.monitor.pollNow(),
    ]);
    expect(await wipeRows()).toEqual(before);
  });

  it('records a wipe two processes see at the same poll once, and both show it', async () => {
    const saved = game.wipe();
    await Promise.all([shop.app.servers.monitor.pollNow(), second.servers.monitor.pollNow()]);
    const rows = await wipeRows();
    expect(rows.filter((row) => row.wiped_at.getTime() === saved.getTime())).toHaveLength(1);
    expect((await publicServer()).lastWipeAt).toBe(saved.toISOString());
    const viaSecond = await second.inject({ url: `/api/servers/${serverId}/status` });
    expect(viaSecond.json().lastWipeAt).toBe(saved.toISOString());
  });

  it('takes the save seen soon after a wipe marked by hand as that wipe, not a second one', async () => {
    const before = (await wipeRows()).length;
    const marked = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/wipes`,
      headers: admin.headers,
    });
    expect(marked.json().source).toBe('manual');
    const saved = game.wipe({ at: new Date(Date.now() + 90_000), seed: 4242 });
    await shop.app.servers.monitor.pollNow();
    const rows = await wipeRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ wiped_at: saved, source: 'detected', seed: 4242 });
    expect((await publicServer()).lastWipeAt).toBe(saved.toISOString());
  });

  it('predicts the next wipe once the server has a schedule, and forgets it when cleared', async () => {
    const edit = (wipeSchedule: unknown) =>
      shop.app.inject({
        method: 'PUT',
        url: `/api/admin/servers/${serverId}`,
        headers: admin.headers,
        payload: {
          name: 'Classic',
          ip: '127.0.0.1',
          port: 28015,
          rconPort: game.port,
          rconPassword: game.password,
          wipeSchedule,
        },
      });
    const schedule = { every: 'week', weekday: 4, time: '14:00', timeZone: 'Europe/Berlin' };
    expect((await edit(schedule)).json().wipeSchedule).toEqual(schedule);
    const next = new Date((await publicServer()).nextWipeAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Thursday 14:00');
    expect((await edit(null)).json().wipeSchedule).toBeNull();
    expect((await publicServer()).nextWipeAt).toBeNull();
  });

  it('polls on as usual when the save time cannot be read, and records no wipe', async () => {
    const before = await wipeRows();
    // An invalid date: the simulator prints "NaN/NaN/NaN NaN:NaN:NaN" as SaveCreatedTime.
    game.wipe({ at: new Date(Number.NaN) });
    await shop.app.servers.monitor.pollNow();
    const info = await game.waitForCommand(
      (c) => c.name === 'serverinfo' && c.replies.some((reply) => reply.includes('NaN/NaN')),
    );
    expect(info).toBeTruthy();
    expect(await publicServer()).toMatchObject({
      status: 'online',
      lastWipeAt: before.at(-1)!.wiped_at.toISOString(),
    });
    expect(await wipeRows()).toEqual(before);
  });
});
