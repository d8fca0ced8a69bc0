import { onPath } from '@shop/plugin-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * The unmodified RustShopStore.cs, compiled by Mono and run in the game stand-in against the real
 * shop: what a player on a plugin server gets, and what the shop and the admin see.
 */
let world: PluginWorld;

beforeAll(async () => {
  world = await startPluginWorld({ groups: ['vip_gold'] });
});
afterAll(() => world?.close());

const chatText = (steamId: string) =>
  world.standIn
    .chats(steamId)
    .map((chat) => chat.text)
    .join('\n');

describe.skipIf(!onPath('mcs'))('plugin delivery in the game', () => {
  it('gives an online player their purchase within seconds without /store, and settles it at the world save', async () => {
    const player = await world.player();
    const orderId = await world.buy(
      player,
      { name: 'Сера', gameItemName: 'sulfur', quantity: 1000 },
      3000,
    );
    await waitUntil(async () => (await world.holds(player.steamId, 'sulfur')) === 3000, {
      what: 'sulfur given automatically',
    });
    expect(chatText(player.steamId)).toContain('Выдано: Сера ×3 000');
    // In the player's inventory, not yet in the saved world: given, not delivered.
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.status === 'given', {
      what: 'job given',
    });
    expect(await world.order(player, orderId)).toMatchObject({ status: 'pending' });

    await world.standIn.save();
    await waitUntil(async () => (await world.order(player, orderId)).isDelivered, {
      what: 'order settled after the save',
    });
    expect(await world.order(player, orderId)).toMatchObject({ status: 'completed' });
    expect(await world.holds(player.steamId, 'sulfur')).toBe(3000);
  });

  it('gives a player who joins what they bought while away', async () => {
    const player = await world.player({ online: false });
    await world.buy(player, { name: 'Дерево', gameItemName: 'wood', quantity: 1000 }, 1000);
    await world.standIn.connect(player.steamId, 'Late');
    await waitUntil(async () => (await world.holds(player.steamId, 'wood')) === 1000, {
      what: 'wood given on join',
    });
  });

  it('counts room as the game does: 10 000 stones in 100 stacks of 100 take 10 slots', async () => {
    const player = await world.player();
    await world.standIn.setInventory(
      player.steamId,
      Array.from({ length: 20 }, () => ({ shortname: 'rifle.ak', amount: 1 })),
    );
    await world.buy(player, { name: 'Камень', gameItemName: 'stones', quantity: 100 }, 10_000);
    await waitUntil(async () => (await world.holds(player.steamId, 'stones')) === 10_000, {
      what: 'stones given',
    });
    const stacks = (await world.standIn.inventory(player.steamId)).filter(
      (item) => item.shortname === 'stones',
    );
    expect(stacks).toHaveLength(10);
    expect(await world.holds(player.steamId, 'rifle.ak')).toBe(20);
  });

  it('delivers 50 000 wood in parts as room appears, never more and never stuck', async () => {
    const player = await world.player();
    // Sold as one lot of 50 000: one shop stack, fifty of the game's.
    const orderId = await world.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 50_000 },
      50_000,
    );
    await waitUntil(async () => (await world.holds(player.steamId, 'wood')) === 30_000, {
      what: 'the first 30 slots of wood',
    });
    expect(chatText(player.steamId)).toContain(
      'Ждёт места: Дерево ×20 000. Нужно свободных слотов: 20',
    );
    // The report follows the chat line: the shop knows of the 30 000 a moment later.
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.givenAmount === 30_000, {
      what: 'the part reported',
    });
    const [job] = await world.jobsOf(orderId);
    expect(job).toMatchObject({ status: 'pending', givenAmount: 30_000 });
    expect(job!.lastError).toContain('Выдано 30 000 из 50 000');

    await world.standIn.setInventory(player.steamId, []); // the player stored it in a box
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await world.holds(player.steamId, 'wood')) === 20_000, {
      what: 'the remaining 20 000 wood',
    });
    await world.standIn.save();
    await waitUntil(async () => (await world.order(player, orderId)).isDelivered, {
      what: 'order settled',
    });
    const given = world.standIn.gives(player.steamId).filter((give) => give.shortname === 'wood');
    expect(given.reduce((sum, give) => sum + (give.accepted ? give.amount : 0), 0)).toBe(50_000);
  });

  it('tells a player with a full inventory how much room a purchase needs', async () => {
    const player = await world.player();
    await world.standIn.setInventory(player.steamId, [
      ...Array.from({ length: 24 }, () => ({ shortname: 'rifle.ak', amount: 1 })),
      ...Array.from({ length: 6 }, () => ({
        shortname: 'rifle.ak',
        amount: 1,
        container: 'belt' as const,
      })),
    ]);
    const orderId = await world.buy(
      player,
      { name: 'Металл', gameItemName: 'metal.fragments', quantity: 1000 },
      2000,
    );
    await waitUntil(() => chatText(player.steamId).includes('Нет места'), {
      what: 'no-room message',
    });
    expect(chatText(player.steamId)).toContain(
      'Нет места для Металл ×2 000: нужно свободных слотов — 2, свободно — 0',
    );
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.status === 'pending', {
      what: 'the job handed back',
    });
    const [job] = await world.jobsOf(orderId);
    expect(job).toMatchObject({ status: 'pending', givenAmount: 0 });
    expect(job!.lastError).toContain('нужно слотов — 2');
  });

  it('answers /store with nothing waiting plainly', async () => {
    const requestsBefore = world.standIn.httpRequests().length;
    const player = await world.player();
    // The round the plugin starts when a player joins has finished: /store is not "still busy".
    await waitUntil(
      () =>
        world.standIn
          .httpRequests()
          .slice(requestsBefore)
          .some((request) => request.url.endsWith('/jobs/lease')),
      { what: 'the join round' },
    );
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(() => chatText(player.steamId).includes('Для вас ничего нет'), {
      what: 'nothing-waiting message',
    });
  });

  it('says a purchase is on its way, not that nothing waits, while its lease from a lost reply runs', async () => {
    const player = await world.player({ online: false });
    await world.buy(player, { name: 'Ткань', gameItemName: 'cloth', quantity: 1000 }, 1000);
    world.proxy.dropPostReplies(1, '/jobs/lease'); // the shop leases it, the plugin never hears
    await world.standIn.connect(player.steamId, 'Unlucky');
    await waitUntil(
      () =>
        world.standIn.httpRequests().some((r) => r.url.endsWith('/jobs/lease') && r.status === 0),
      { what: 'the lost lease reply' },
    );
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(
      () => chatText(player.steamId).includes('Ваши покупки выдаются (в процессе: 1)'),
      {
        what: 'in-progress message',
      },
    );
    expect(chatText(player.steamId)).not.toContain('Для вас ничего нет');
    // Once the lease runs out the purchase is given, once.
    await waitUntil(async () => (await world.holds(player.steamId, 'cloth')) === 1000, {
      what: 'cloth given after the lease',
    });
  });

  it('fails an item this server does not have at once, with its reason for the admin', async () => {
    const player = await world.player();
    const orderId = await world.buy(player, {
      name: 'Модная пушка',
      gameItemName: 'modded.cannon',
      quantity: 1,
    });
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.status === 'failed', {
      what: 'job failed',
    });
    const [job] = await world.jobsOf(orderId);
    expect(job!.lastError).toBe('Предмета «modded.cannon» нет на этом сервере');
    const status = await world.shop.app.inject({
      url: `/api/admin/servers/${world.serverId}/plugin`,
      headers: world.admin.headers,
    });
    expect(status.json().failed).toContainEqual(
      expect.objectContaining({
        jobId: job!.id,
        reason: 'Предмета «modded.cannon» нет на этом сервере',
      }),
    );
    expect(chatText(player.steamId)).toContain('«Модная пушка» нельзя выдать на этом сервере');
  });

  it('grants a VIP tier’s group through the permission library and reports a failing command as failed, not delivered', async () => {
    const player = await world.player();
    const vipOrder = await world.buy(player, {
      name: 'VIP Gold',
      category: 'vip',
      gameItemName: 'vip',
      vipTier: 'Gold',
      vipDays: 30,
      commands: 'oxide.usergroup add {steamId} vip_gold',
    });
    await waitUntil(async () => (await world.jobsOf(vipOrder))[0]?.status === 'given', {
      what: 'VIP granted',
    });
    expect((await world.standIn.permissions()).userGroups[player.steamId]).toContain('vip_gold');

    const broken = await world.buy(player, {
      name: 'Сломанный набор',
      category: 'kits',
      gameItemName: 'wood',
      commands: 'rustshop.nothing {steamId}',
    });
    await waitUntil(async () => (await world.jobsOf(broken))[0]?.status === 'failed', {
      what: 'failed command reported',
    });
    expect((await world.jobsOf(broken))[0]!.lastError).toContain('Команда не выполнена');
  });

  it('runs no command outside AllowedCommands, whoever sent it', async () => {
    const player = await world.player();
    const orderId = await world.buy(player, {
      name: 'Права владельца',
      category: 'kits',
      gameItemName: 'wood',
      commands: 'ownerid {steamId}',
    });
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.status === 'failed', {
      what: 'job refused',
    });
    expect((await world.jobsOf(orderId))[0]!.lastError).toBe(
      `Команда отклонена: ownerid ${player.steamId} — её нет в AllowedCommands плагина`,
    );
    expect(world.standIn.commandsRun().some((command) => command.text.startsWith('ownerid'))).toBe(
      false,
    );
  });
});
