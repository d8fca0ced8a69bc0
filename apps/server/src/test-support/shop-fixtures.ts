import { startRustSim, type RustSimHandle, type RustSimOptions } from '@shop/rust-sim';
import { postEntry } from '../modules/ledger/ledger';
import { createServersRepository } from '../modules/servers/servers-repository';
import { createAccount } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/** Anything with the shop's app: a TestApp, or an app a test built itself. */
type Shop = Pick<TestApp, 'app'>;
import { waitUntil } from './wait-until';

type Headers = { authorization: string };

/**
 * A server as an admin adds it. With a simulated game behind it, this waits until the monitor has
 * seen it online, as buyers would; without one, it stays offline.
 */
export async function addServer(
  shop: Shop,
  admin: Headers,
  fields: Record<string, unknown> = {},
  game?: RustSimHandle,
): Promise<number> {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/servers',
    headers: admin,
    payload: {
      name: 'Server',
      ip: '127.0.0.1',
      port: 28015,
      rconPort: game?.port ?? 1,
      rconPassword: game?.password ?? '',
      ...fields,
    },
  });
  if (reply.statusCode !== 201) throw new Error(reply.body);
  const id = reply.json().id as number;
  if (game) await seenOnline(shop, id);
  return id;
}

/**
 * Polls until the shop records the server online, as buyers need it. Also after another process's
 * first poll, made before its RCON link was up, recorded the server offline.
 */
export async function seenOnline(shop: Shop, serverId: number): Promise<void> {
  const servers = createServersRepository(shop.app.db);
  await waitUntil(
    async () => {
      await shop.app.servers.monitor.pollOne(serverId);
      return (await servers.findById(serverId))?.linkStatus === 'online';
    },
    { what: `server ${serverId} online` },
  );
}

export async function addProduct(
  shop: Shop,
  admin: Headers,
  fields: Record<string, unknown>,
): Promise<number> {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin,
    payload: { name: 'Товар', gameItemName: 'wood', category: 'resources', price: 10, ...fields },
  });
  if (reply.statusCode !== 201) throw new Error(reply.body);
  return reply.json().id as number;
}

/** A VIP tier for sale: the Gold tier's 30 days for 300 ₽ unless told otherwise. */
export function addVipProduct(
  shop: Shop,
  admin: Headers,
  fields: Record<string, unknown> = {},
): Promise<number> {
  return addProduct(shop, admin, {
    name: 'VIP Gold',
    gameItemName: 'vip',
    category: 'vip',
    price: 300,
    vipTier: 'Gold',
    vipDays: 30,
    ...fields,
  });
}

/** Money on a player's balance, through the ledger like any credit. */
export async function fund(shop: Shop, userId: number, roubles: number): Promise<void> {
  await shop.app.db.transaction((tx) =>
    postEntry(tx, {
      userId,
      kind: 'adjustment',
      amountKopecks: Math.round(roubles * 100),
      description: 'Тестовое пополнение',
      method: 'Администратор',
    }),
  );
}

export interface GameShop {
  game: RustSimHandle;
  shop: TestApp;
  admin: Awaited<ReturnType<typeof createAccount>>;
  serverId: number;
  close(): Promise<void>;
}

/**
 * The setup most delivery tests share: a simulated game server, the shop on a fresh database, an admin,
 * and the game registered as an online server.
 */
export async function startGameShop(
  options: {
    sim?: RustSimOptions;
    server?: Record<string, unknown>;
    app?: Parameters<typeof createTestApp>[1];
    /** Settings as an operator sets them in the environment (e.g. the Steam Web API's address). */
    env?: Record<string, string>;
  } = {},
): Promise<GameShop> {
  const game = await startRustSim({
    consoleIntervalMs: null,
    chatIntervalMs: null,
    ...options.sim,
  });
  const shop = await createTestApp(options.env, options.app);
  const admin = await createAccount(shop.app, shop.config, 'admin');
  const serverId = await addServer(
    shop,
    admin.headers,
    { name: 'Classic', ...options.server },
    game,
  );
  return {
    game,
    shop,
    admin,
    serverId,
    async close() {
      await shop.close();
      await game.close();
    },
  };
}
