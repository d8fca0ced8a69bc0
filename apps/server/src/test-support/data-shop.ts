import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createUsersRepository } from '../modules/users/users-repository';
import { orderOf } from './purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from './shop-fixtures';
import { createAccount } from './sign-in';

export interface DataShop extends GameShop {
  productId: number;
  players: Array<Awaited<ReturnType<typeof createAccount>>>;
  /** A player whose name has quotes, a backslash and a formula's leading `=`. */
  oddName: string;
}

/**
 * A shop holding some of everything the data commands carry: players with money, orders (one a
 * gift, one refunded), a promo code used, support messages, and the journal of the admin's work.
 * Its server is a plugin server, so purchases wait for the plugin and nothing moves meanwhile.
 * `pglite` keeps it embedded whatever TEST_DATABASE_URL says.
 */
export async function startDataShop(kind?: 'pglite'): Promise<DataShop> {
  const game = await startGameShop({
    server: { isPluginEnabled: 1 },
    app: { embedded: kind === 'pglite' },
  });
  const { shop, admin, serverId } = game;
  const productId = await addProduct(shop, admin.headers, {
    name: 'Дерево «Ель»',
    gameItemName: 'wood',
    price: 12.5,
    quantity: 1000,
  });
  const account = async (roubles: number) => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, roubles);
    return player;
  };
  const alice = await account(1000.55);
  const bob = await account(1001.55);
  const carol = await account(1002.55);
  const players = [alice, bob, carol];
  await orderOf(shop.app, alice.headers, { productId, serverId, quantity: 2000 });
  const refunded = await orderOf(shop.app, alice.headers, { productId, serverId, quantity: 1000 });
  await orderOf(shop.app, bob.headers, {
    productId,
    serverId,
    quantity: 1000,
    giftTo: carol.steamId,
    giftMessage: 'С вайпом! "GL"',
  });
  const refund = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${refunded}/refund`,
    headers: admin.headers,
  });
  if (refund.statusCode !== 200) throw new Error(refund.body);
  const code = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/promocodes',
    headers: admin.headers,
    payload: { code: 'WIPE-50', discount: 50, type: 'fixed', usageLimit: 10 },
  });
  if (code.statusCode !== 201) throw new Error(code.body);
  const used = await shop.app.inject({
    method: 'POST',
    url: '/api/promocodes/activate',
    headers: carol.headers,
    payload: { code: 'WIPE-50' },
  });
  if (used.statusCode !== 200) throw new Error(used.body);
  await shop.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: bob.headers,
    payload: { message: "Где мой заказ?\nВторая строка, 'кавычки' и \\ слэш" },
  });
  await brandShop(shop.app, admin.headers);
  const oddName = '=HYPERLINK("x") O\'Brien \\ «Игрок»';
  await createUsersRepository(shop.app.db).ensureFromSteam({
    steamId: '76561198999999999',
    username: oddName,
    avatar: null,
  });
  return { ...game, productId, players, oddName };
}

/** The owner's look: settings with a legal text and a logo, so the data commands carry them too. */
async function brandShop(app: FastifyInstance, headers: { authorization: string }) {
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/admin/site',
    headers,
    payload: {
      name: 'Тайга',
      seller: { name: 'ИП Петров П. П.', inn: '500100732259' },
      legal: { rules: '## Правила «Тайги»\n\nБез читов. Продавец: {{seller.name}}' },
    },
  });
  if (settings.statusCode !== 200) throw new Error(settings.body);
  const logo = await sharp({
    create: { width: 256, height: 96, channels: 4, background: '#2a9d8f' },
  })
    .png()
    .toBuffer();
  const uploaded = await app.inject({
    method: 'PUT',
    url: '/api/admin/site/images/logo',
    headers: { ...headers, 'content-type': 'image/png' },
    payload: logo,
  });
  if (uploaded.statusCode !== 200) throw new Error(uploaded.body);
}
