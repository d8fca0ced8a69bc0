import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { expireVips } from './vip-expiry';

const STEAM_ID = '76561198000000002';
const DAY = 24 * 60 * 60 * 1000;
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let serverId: number;
let player: Awaited<ReturnType<typeof createAccount>>;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop();
  ({ game, shop, admin, serverId } = world);
  player = await createAccount(shop.app, shop.config, 'player', STEAM_ID);
  await fund(shop, player.id, 5000);
});
afterAll(() => world?.close());

const profile = async () =>
  (await shop.app.inject({ url: '/api/auth/profile', headers: player.headers })).json();
const buy = (productId: number, quantity = 1) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
const commandsSent = () => game.commands.map((record) => record.message);

describe('VIP', () => {
  it('refuses a VIP product with a tier but no term', async () => {
    const reply = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.headers,
      payload: { name: 'VIP', gameItemName: 'vip', category: 'vip', price: 10, vipTier: 'Gold' },
    });
    expect(reply.json().message).toBe('Для VIP-товара укажите и уровень, и срок в днях');
  });

  it('grants the tier for its term, runs the grant command, extends it, and revokes it at expiry', async () => {
    const gold = await addProduct(shop, admin.headers, {
      name: 'VIP Gold',
      gameItemName: 'vip',
      category: 'vip',
      price: 299,
      vipTier: 'Gold',
      vipDays: 30,
    });
    const start = Date.now();
    expect((await buy(gold)).statusCode).toBe(200);
    const first = await profile();
    expect(first.vipStatus).toBe('Gold');
    expect(new Date(first.vipExpiresAt).getTime() - start).toBeGreaterThan(30 * DAY - 60_000);
    await shop.app.delivery.worker.kick();
    await waitUntil(() => commandsSent().includes(`oxide.usergroup add ${STEAM_ID} vip_gold`), {
      what: 'grant',
    });
    expect(game.groups.get('vip_gold')?.has(STEAM_ID)).toBe(true);

    expect((await buy(gold)).statusCode).toBe(200);
    const second = await profile();
    expect(
      new Date(second.vipExpiresAt).getTime() - new Date(first.vipExpiresAt).getTime(),
    ).toBeGreaterThan(30 * DAY - 60_000);

    // Both terms' time is up: the first ends, the second has nothing left.
    await shop.app.db.execute(
      sql`update vip_periods set ends_at = now() - interval '1 second', remaining_ms = 0
          where user_id = ${player.id} and state <> 'ended'`,
    );
    expect(await expireVips(shop.app)).toBe(2);
    expect(await expireVips(shop.app)).toBe(0);
    await shop.app.delivery.worker.kick();
    await waitUntil(() => commandsSent().includes(`oxide.usergroup remove ${STEAM_ID} vip_gold`), {
      what: 'revoke',
    });
    expect(game.groups.get('vip_gold')?.has(STEAM_ID) ?? false).toBe(false);
    expect((await profile()).vipStatus).toBe('no VIP');
    expect(
      commandsSent().filter((command) => command.startsWith('oxide.usergroup remove')),
    ).toHaveLength(1);
  });

  it('runs a higher tier bought over a lower one from now, revoking the lower one meanwhile', async () => {
    const silver = await addProduct(shop, admin.headers, {
      name: 'VIP Silver',
      gameItemName: 'vip',
      category: 'vip',
      price: 99,
      vipTier: 'Silver',
      vipDays: 7,
      revokeCommands: 'oxide.usergroup remove {playerId} silver_perks',
    });
    const platinum = await addProduct(shop, admin.headers, {
      name: 'VIP Platinum',
      gameItemName: 'vip',
      category: 'vip',
      price: 999,
      vipTier: 'Platinum',
      vipDays: 3,
    });
    await buy(silver, 2);
    const afterSilver = await profile();
    expect(new Date(afterSilver.vipExpiresAt).getTime() - Date.now()).toBeGreaterThan(
      14 * DAY - 60_000,
    );
    await buy(platinum);
    const afterPlatinum = await profile();
    expect(afterPlatinum.vipStatus).toBe('Platinum');
    expect(new Date(afterPlatinum.vipExpiresAt).getTime() - Date.now()).toBeLessThan(
      3 * DAY + 60_000,
    );
    // The paused tier's privileges end now; its days resume after Platinum.
    await shop.app.delivery.worker.kick();
    await waitUntil(
      () => commandsSent().includes(`oxide.usergroup remove ${STEAM_ID} silver_perks`),
      {
        what: 'silver revoked',
      },
    );
  });

  it('refuses a cart with two VIP products and charges nothing', async () => {
    const products = [];
    for (const tier of ['Bronze', 'Diamond']) {
      products.push(
        await addProduct(shop, admin.headers, {
          name: `VIP ${tier} корзина`,
          gameItemName: 'vip',
          category: 'vip',
          price: 10,
          vipTier: tier,
          vipDays: 1,
        }),
      );
    }
    for (const productId of products) {
      await shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: player.headers,
        payload: { productId, quantity: 1 },
      });
    }
    const before = (await profile()).balance;
    const reply = await shop.app.inject({
      method: 'POST',
      url: '/api/cart/purchase',
      headers: player.headers,
      payload: { serverId },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('В одном заказе может быть только один VIP-статус');
    expect((await profile()).balance).toBe(before);
  });
});
