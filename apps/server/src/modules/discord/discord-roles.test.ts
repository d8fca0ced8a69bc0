import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { linkThroughDiscord } from '../../test-support/discord-link-flow';
import { startFakeDiscord, type FakeDiscord } from '../../test-support/fake-discord';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { expireVips } from '../vip/vip-expiry';

const GOLD_ROLE = '400000000000000001';
const SILVER_ROLE = '400000000000000002';
let discord: FakeDiscord;
let world: GameShop;
let shop: TestApp;
let gold: number;
let owner: Awaited<ReturnType<typeof createAccount>>;
let discordIds = 500000000000000000n;

beforeAll(async () => {
  discord = await startFakeDiscord();
  world = await startGameShop({ env: discord.env });
  shop = world.shop;
  gold = await addProduct(shop, world.admin.headers, {
    name: 'VIP Gold',
    gameItemName: 'vip',
    category: 'vip',
    price: 299,
    vipTier: 'Gold',
    vipDays: 30,
  });
  // Which role a VIP tier gives is the owner's alone.
  owner = await createAccount(shop.app, shop.config, 'owner');
  const mapped = await shop.app.inject({
    method: 'PUT',
    url: '/api/admin/discord/roles',
    headers: owner.headers,
    payload: {
      roles: [
        { tier: 'Gold', roleId: GOLD_ROLE },
        { tier: 'Silver', roleId: SILVER_ROLE },
      ],
    },
  });
  expect(mapped.statusCode).toBe(200);
});
afterAll(async () => {
  await world?.close();
  await discord?.close();
});

/** A player with money and a Discord account that is a member of the server. */
async function player(options: { linked?: boolean } = {}) {
  const account = await createAccount(shop.app, shop.config);
  await fund(shop, account.id, 5000);
  discordIds += 1n;
  const discordId = String(discordIds);
  discord.state.addUser({ id: discordId, username: `member${discordId}`, globalName: null });
  if (options.linked ?? true) await link(account, discordId);
  return { ...account, discordId };
}

async function link(account: { headers: { authorization: string } }, discordId: string) {
  const { finish } = await linkThroughDiscord(shop.app, account.headers, discordId);
  expect(finish.statusCode).toBe(200);
}

async function buyGold(account: { headers: { authorization: string } }) {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: account.headers,
    payload: { productId: gold, serverId: world.serverId, quantity: 1 },
  });
  expect(reply.statusCode).toBe(200);
}

const syncRoles = () => shop.app.discord.roles!.kick();
const rolesOf = (discordId: string) => discord.state.rolesOf(discordId);
const status = async () =>
  (await shop.app.inject({ url: '/api/admin/discord', headers: world.admin.headers })).json();

describe('Discord VIP roles', () => {
  it('gives the tier’s role when a linked player’s VIP starts and takes it at expiry', async () => {
    const buyer = await player();
    await buyGold(buyer);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([GOLD_ROLE]);

    await shop.app.db.execute(
      sql`update vip_periods set ends_at = now() - interval '1 second'
          where user_id = ${buyer.id} and state = 'running'`,
    );
    expect(await expireVips(shop.app)).toBe(1);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([]);
  });

  it('takes the role back when the VIP purchase is refunded', async () => {
    const buyer = await player();
    // The game never confirms the grant: the delivery fails and the purchase can be refunded.
    world.game.setSilent('oxide.usergroup', true);
    await buyGold(buyer);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([GOLD_ROLE]);
    await shop.app.delivery.worker.kick();
    await waitUntil(
      async () =>
        (
          await queryRows(
            shop.app.db,
            sql`select 1 from delivery_jobs where user_id = ${buyer.id} and status = 'failed'`,
          )
        ).length === 1,
      { what: 'the VIP delivery failed' },
    );
    world.game.setSilent('oxide.usergroup', false);
    const [order] = await queryRows<{ id: string }>(
      shop.app.db,
      sql`select id from orders where user_id = ${buyer.id}`,
    );
    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order!.id}/refund`,
      headers: world.admin.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([]);
  });

  it('gives the role at once to a player who links after buying, and takes it at unlinking', async () => {
    const buyer = await player({ linked: false });
    await buyGold(buyer);
    await link(buyer, buyer.discordId);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([GOLD_ROLE]);
    await shop.app.inject({ method: 'DELETE', url: '/api/discord/link', headers: buyer.headers });
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([]);
  });

  it('reconciles: repairs a role removed by hand, removes an ended VIP’s, leaves non-shop members alone', async () => {
    const holder = await player();
    await buyGold(holder);
    const lapsed = await player();
    const outsider = await player({ linked: false });
    await syncRoles();
    discord.state.members.get(holder.discordId)!.delete(GOLD_ROLE);
    discord.state.members.get(lapsed.discordId)!.add(GOLD_ROLE);
    discord.state.members.get(outsider.discordId)!.add(SILVER_ROLE);

    expect(await shop.app.discord.reconcile()).toBeGreaterThanOrEqual(2);
    await syncRoles();
    expect(rolesOf(holder.discordId)).toEqual([GOLD_ROLE]);
    expect(rolesOf(lapsed.discordId)).toEqual([]);
    expect(rolesOf(outsider.discordId)).toEqual([SILVER_ROLE]);
    expect((await status()).roles).toMatchObject({ pending: 0, failing: 0 });
  });

  it('leaves purchases unaffected while Discord is down, and catches the roles up when it returns', async () => {
    const buyer = await player();
    discord.state.setDown(true);
    const started = Date.now();
    await buyGold(buyer);
    expect(Date.now() - started).toBeLessThan(5_000);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([]);
    const down = await status();
    expect(down.roles.pending).toBe(1);
    expect(down.roles.lastError).toMatch(/Discord недоступен/);

    discord.state.setDown(false);
    // Its backoff has passed.
    await shop.app.db.execute(sql`update discord_role_jobs set next_attempt_at = now()`);
    await syncRoles();
    expect(rolesOf(buyer.discordId)).toEqual([GOLD_ROLE]);
    expect((await status()).roles.pending).toBe(0);
  });
});
