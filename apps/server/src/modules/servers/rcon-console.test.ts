import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { queryRows } from '../../test-support/sql';

const KOLYA = '76561198000000002';
let world: GameShop;

beforeAll(async () => {
  world = await startGameShop({
    app: { gameServers: { monitorIntervalMs: false, consoleTimeoutMs: 500 } },
  });
});
afterAll(() => world?.close());

const run = async (command: string) =>
  (
    await world.shop.app.inject({
      method: 'POST',
      url: `/api/admin/rcon/${world.serverId}`,
      headers: world.admin.headers,
      payload: { command },
    })
  ).json();

const lastJournaled = async () => {
  const [row] = await queryRows<{ after: string }>(
    world.shop.app.db,
    sql`select after from audit_log where action = 'server.console' order by id desc limit 1`,
  );
  return JSON.parse(row!.after) as Record<string, unknown>;
};

describe('the admin console reads the whole answer', () => {
  it('calls a command the game does not know unanswered, never done', async () => {
    expect(await run('oxide.usergrup add 1 vip')).toEqual({
      status: 'unknown',
      output: 'Сервер не ответил вовремя: команда могла выполниться.',
    });
    expect(await lastJournaled()).toMatchObject({ status: 'unknown', reply: null });
  });

  it('shows what the game logged while the command ran, not only its empty reply', async () => {
    expect(await run(`oxide.usergroup add ${KOLYA} vip_nope`)).toEqual({
      status: 'ok',
      output: "Group 'vip_nope' doesn't exist",
    });
    expect(await lastJournaled()).toMatchObject({
      command: `oxide.usergroup add ${KOLYA} vip_nope`,
      status: 'ok',
      reply: "Group 'vip_nope' doesn't exist",
    });
    expect(await run(`oxide.usergroup add ${KOLYA} vip_gold`)).toEqual({
      status: 'ok',
      output: `Player 'Bandit_Kolya(${KOLYA})' added to group: vip_gold`,
    });
  });
});
