import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { onPath } from '@shop/plugin-stand-in';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/shop-fixtures';
import { queryRows } from '../../test-support/sql';
import { rocksLeaving, startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * The plugin's journal costs nothing the player would notice, remembers what a restored shop forgot,
 * and the plugin keeps working with a game server whose clock is wrong.
 */
let world: PluginWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const journalOf = (w: PluginWorld): { Jobs: unknown[] } => {
  const file = path.join(w.standIn.dir, 'data', 'RustShopStore.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { Jobs: unknown[] })
    : { Jobs: [] };
};

const refund = (w: PluginWorld, orderId: string) =>
  w.shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { ...w.admin.headers, 'idempotency-key': `refund-${orderId}` },
  });

describe.skipIf(!onPath('mcs'))('plugin journal, chat and clock', () => {
  it('keeps no journal entry for 300 jobs waiting for room, tells the player once, and is empty after their refunds', async () => {
    const w = (world = await startPluginWorld({ env: { PURCHASE_LIMIT_PER_MINUTE: '1000' } }));
    const player = await w.player();
    await w.standIn.setInventory(player.steamId, rocksLeaving(0));
    const productId = await addProduct(w.shop, w.admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      quantity: 1000,
    });
    const orders: string[] = [];
    for (let i = 0; i < 300; i += 1) orders.push(await w.purchase(player, productId, 1000));
    await waitUntil(
      async () => {
        const [row] = await queryRows<{ waiting: number }>(
          w.shop.app.db,
          sql`select count(*)::int as waiting from delivery_jobs
              where server_id = ${w.serverId} and status = 'pending' and last_error like 'Недостаточно места%'`,
        );
        return row?.waiting === 300;
      },
      { what: 'every job offered once and handed back for want of room', timeoutMs: 60_000 },
    );
    expect(journalOf(w).Jobs).toEqual([]);
    // One line for all of them, and automatic rounds say it at most once in ten minutes.
    const waitingLines = w.standIn
      .chats(player.steamId)
      .filter((chat) => chat.text.includes('Нет места') || chat.text.includes('Ждут места'));
    expect(waitingLines).toHaveLength(1);

    for (const orderId of orders) expect((await refund(w, orderId)).statusCode).toBe(200);
    await w.standIn.save();
    expect(journalOf(w).Jobs).toEqual([]);
  });

  it('forgets a job given in part once the shop refunded the rest', async () => {
    const w = (world = await startPluginWorld({ config: { AutoDeliver: false } }));
    const player = await w.player();
    // Room for one stack of the two bought: 1 000 wood now, 1 000 waiting.
    await w.standIn.setInventory(player.steamId, rocksLeaving(1));
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      2000,
    );
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.givenAmount === 1000, {
      what: 'half given',
    });
    await w.standIn.save();
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.savedAmount === 1000, {
      what: 'half saved',
    });
    expect(journalOf(w).Jobs).toHaveLength(1);

    expect((await refund(w, orderId)).statusCode).toBe(200); // the waiting half is paid back
    await w.standIn.save();
    await waitUntil(() => journalOf(w).Jobs.length === 0, { what: 'the closed job forgotten' });
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
  });

  it('tells a shop restored from a backup that a delivery was given, and gives nothing twice', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      1000,
    );
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given',
    });
    await w.standIn.save();
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'delivered', {
      what: 'delivered',
    });

    // The shop as a backup from before the delivery has it: the job waits, nothing given.
    await w.shop.app.db.execute(sql`
      update delivery_jobs set status = 'pending', given_amount = 0, saved_amount = 0, progress = 0,
        delivered_at = null, lease_until = null, next_attempt_at = now(), last_error = null
      where order_id = ${orderId}`);
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'delivered', {
      what: 'the shop told it was delivered',
    });
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
    expect(w.standIn.gives(player.steamId)).toHaveLength(1);
  });

  it('delivers from a game server whose clock is 400 s off', async () => {
    const w = (world = await startPluginWorld({
      app: {
        delivery: {
          autostart: false,
          pluginLeaseSeconds: 2,
          pluginWaitSeconds: 2,
          pluginWaitPollMs: 50,
          pluginClock: () => Date.now() + 400_000,
        },
      },
    }));
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      1000,
    );
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given despite the clock',
      timeoutMs: 30_000,
    });
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
    expect(w.standIn.logs('warning').some((log) => log.text.includes('clock is'))).toBe(true);
  });
});
