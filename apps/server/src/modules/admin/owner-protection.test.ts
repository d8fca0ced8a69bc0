import { ADMIN_MESSAGES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFreekassaServer } from '../../integrations/freekassa/fake-freekassa-server';
import { startFreekassaGameShop } from '../../test-support/freekassa-game-shop';
import { payThroughPage } from '../../test-support/provider-page';
import type { GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

type Account = Awaited<ReturnType<typeof createAccount>>;

const OWNER_STEAM_ID = '76561198012340001';

let world: GameShop;
let shop: TestApp;
let provider: FakeFreekassaServer;
let owner: Account;
let secondOwner: Account;
let admin: Account;
let moderator: Account;

beforeAll(async () => {
  ({ world, provider } = await startFreekassaGameShop());
  ({ shop, admin } = world);
  owner = await createAccount(shop.app, shop.config, 'owner', OWNER_STEAM_ID);
  secondOwner = await createAccount(shop.app, shop.config, 'owner');
  moderator = await createAccount(shop.app, shop.config, 'moderator');
  world.game.addPlayer({ steamId: OWNER_STEAM_ID, name: 'Хозяин' });
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

const call = (by: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });

async function topUp(who: Account, amount: number): Promise<string> {
  const reply = await call(who, 'POST', '/api/payments/create', {
    amount,
    method: 'kassa',
    email: 'owner@example.com',
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const { url, orderId } = reply.json<{ url: string; orderId: string }>();
  expect((await payThroughPage(url)).status).toBe(303);
  return orderId;
}

const balance = async (who: Account): Promise<number> =>
  (await call(who, 'GET', '/api/auth/profile')).json().balance;

describe('an owner', () => {
  it('is acted on by nobody below an owner: balance, reversal, ban, mute, sessions, role', async () => {
    const paymentId = await topUp(owner, 1000);
    const before = await balance(owner);
    expect(before).toBeGreaterThanOrEqual(1000);
    const sent = world.game.commands.length;
    const attempts: Array<[Account, 'POST' | 'PUT', string, object?]> = [
      [admin, 'PUT', `/api/admin/users/${owner.id}`, { balance: 0, reason: 'долг' }],
      [admin, 'POST', `/api/admin/payments/${paymentId}/reverse`, { reason: 'Чарджбэк' }],
      [admin, 'POST', `/api/admin/users/${owner.id}/ban`, { serverId: 'all', reason: 'читы' }],
      [
        moderator,
        'POST',
        `/api/admin/users/${owner.id}/ban`,
        { serverId: world.serverId, reason: 'читы' },
      ],
      [
        moderator,
        'POST',
        `/api/admin/users/${owner.id}/mute`,
        { serverId: world.serverId, reason: 'спам', days: 1 },
      ],
      [admin, 'POST', `/api/admin/users/${owner.id}/logout-everywhere`],
      [admin, 'PUT', `/api/admin/users/${owner.id}/role`, { role: 'player' }],
    ];
    for (const [by, method, url, payload] of attempts) {
      const reply = await call(by, method, url, payload);
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
      expect(reply.json().message, `${method} ${url}`).toBe(ADMIN_MESSAGES.ownerProtected);
    }
    // Nothing happened: the balance, the game and the owner's session are as they were.
    expect(await balance(owner)).toBe(before);
    expect(world.game.commands.slice(sent)).toEqual([]);
    expect(world.game.bans.has(OWNER_STEAM_ID)).toBe(false);
    expect((await call(owner, 'GET', '/api/auth/profile')).statusCode).toBe(200);

    // Another owner may: the reversal goes through.
    const reversed = await call(secondOwner, 'POST', `/api/admin/payments/${paymentId}/reverse`, {
      reason: 'Чарджбэк',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().reversed).toBe(true);
    expect(await balance(owner)).toBeLessThan(before);
  });

  it('shows top-ups beside a chat only to staff who hold money', async () => {
    await topUp(owner, 500);
    const context = async (by: Account) =>
      (await call(by, 'GET', `/api/admin/users/${owner.id}/support-context`)).json<{
        topUps: unknown[];
        orders: unknown[];
      }>();
    expect((await context(admin)).topUps.length).toBeGreaterThanOrEqual(1);
    const seen = await context(moderator);
    expect(seen.topUps).toEqual([]);
    expect(seen.orders).toEqual([]);
  });
});
