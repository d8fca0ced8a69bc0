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

  it('journals a command before it is sent, then completes the entry with the reply', async () => {
    const command = `oxide.usergroup add ${KOLYA} vip_silver`;
    expect(await run(command)).toMatchObject({ status: 'ok' });
    const rows = await queryRows<{ id: number; action: string; after: string }>(
      world.shop.app.db,
      sql`select id, action, after from audit_log
          where action like 'server.console%' order by id desc limit 2`,
    );
    const [done, sent] = rows;
    expect(sent).toMatchObject({ action: 'server.console.sent' });
    expect(JSON.parse(sent!.after)).toEqual({ command });
    expect(done).toMatchObject({ action: 'server.console' });
    expect(JSON.parse(done!.after)).toMatchObject({ command, sent: sent!.id, status: 'ok' });
  });

  it('sends nothing when the journal cannot take the command', async () => {
    const db = world.shop.app.db;
    // The journal refuses the write (a full disk, a broken connection) in the database itself.
    await db.execute(sql`create function refuse_journal() returns trigger language plpgsql as
      $$ begin raise exception 'journal unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_journal before insert on audit_log
      for each row execute function refuse_journal()`);
    const sentBefore = world.game.commands.length;
    try {
      const reply = await world.shop.app.inject({
        method: 'POST',
        url: `/api/admin/rcon/${world.serverId}`,
        headers: world.admin.headers,
        payload: { command: `oxide.usergroup add ${KOLYA} vip_diamond` },
      });
      expect(reply.statusCode).toBe(503);
      expect(reply.json().message).toBe(
        'Команда не отправлена: не удалось записать её в журнал. Попробуйте ещё раз.',
      );
    } finally {
      await db.execute(sql`drop trigger refuse_journal on audit_log`);
      await db.execute(sql`drop function refuse_journal()`);
    }
    expect(world.game.commands.slice(sentBefore).map((record) => record.name)).not.toContain(
      'oxide.usergroup',
    );
  });
});
