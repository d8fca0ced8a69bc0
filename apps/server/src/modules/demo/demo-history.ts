import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN_STEAM_ID } from '../../config';
import { noIcons } from '../catalog/item-icons';
import { createOrdersRepository } from '../orders/orders-repository';
import { createProductsRepository, type ProductRow } from '../products/products-repository';
import {
  createServersRepository,
  effectiveStatus,
  type ServerRow,
} from '../servers/servers-repository';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { createWipesRepository } from '../wipes/wipes-repository';
import { createHistoryWriter, type HistoryWriter } from './demo-history-writer';
import { DEMO_WIPES, pastWipes } from './demo-wipes';
import { HISTORY_CHATS, HISTORY_PLAYERS, HISTORY_PROMOCODES } from './demo-history-script';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TOP_UPS = [100, 200, 300, 500, 1000] as const;

/** A fixed sequence: every fresh demo tells the same month, ending at the moment it starts. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Step {
  at: Date;
  run: () => Promise<unknown>;
}

/**
 * Demo mode, on a fresh shop only: a month of a small community's life, so the admin overview, its
 * charts, the payment statistics, the journal, the chats and each player's purchases are alive the
 * first time someone opens them. Players who are not on the sign-in page buy across the catalogue
 * on both servers, top up by card and SBP (once with a promo code's bonus), give a gift, get a
 * refund, write to support; one purchase of the last hour still waits for its buyer to join; the
 * servers wiped every two weeks and every week. Steps run oldest first, each through the module that
 * owns it.
 */
export async function seedDemoHistory(app: FastifyInstance): Promise<void> {
  if ((await createOrdersRepository(app.db).latest(noIcons, 1)).length > 0) return;
  const servers = await onlineServers(app, 2);
  const products = (await createProductsRepository(app.db).list()).filter(
    (product) => product.isActive && product.inStock && product.vipTier === null,
  );
  if (servers.length < 2 || products.length === 0) {
    app.log.warn('demo history skipped: the demo servers are not online yet');
    return;
  }
  const now = Date.now();
  const ago = (days: number, minutes = 0) => new Date(now - days * DAY - minutes * MINUTE);
  const random = seededRandom(26);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const product = (shortname: string) => products.find((p) => p.gameItemName === shortname);
  const [classic, plugin] = [
    servers.find((server) => server.isPluginEnabled !== 1) ?? servers[0],
    servers.find((server) => server.isPluginEnabled === 1) ?? servers[1],
  ] as [ServerRow, ServerRow];

  // The staff member who answers, refunds and makes codes: the demo's admin, here since the start.
  const admin = await createUsersRepository(app.db).ensureFromSteam(
    { steamId: DEMO_ADMIN_STEAM_ID, username: 'Админ Демо', avatar: null },
    ago(30),
  );
  const write = createHistoryWriter(app, admin);
  const players = new Map<string, { user: UserRow; joined: Date }>();
  for (const player of HISTORY_PLAYERS) {
    const joined = ago(player.joinedDaysAgo, 600);
    players.set(player.username, { user: await write.join(player, joined), joined });
  }
  const who = (name: string) => players.get(name)!;

  const steps: Step[] = [];
  const at = (when: Date, run: () => Promise<unknown>) => steps.push({ at: when, run });
  const order = (
    name: string,
    item: ProductRow | undefined,
    server: ServerRow,
    when: Date,
    outcome: 'delivered' | 'waiting' | 'refunded',
    gift?: { giftTo: string; giftMessage?: string },
  ) =>
    item &&
    at(when, async () => {
      const { user } = who(name);
      const stacks = 1 + Math.floor(random() * 3);
      await fund(write, user, item.priceKopecks * stacks, when, who(name).joined);
      const orderId = await write.buy(
        user,
        { productId: item.id, serverId: server.id, quantity: stacks * item.stackSize },
        when,
        gift,
      );
      if (outcome === 'delivered') await write.delivered(orderId, when, server === plugin ? 3 : 1);
      if (outcome === 'refunded')
        await write.refund(orderId, new Date(when.getTime() + 3 * 60 * MINUTE));
    });

  for (const promo of HISTORY_PROMOCODES) {
    at(ago(promo.createdDaysAgo), () =>
      write.createPromocode(promo.input, ago(promo.createdDaysAgo)),
    );
  }
  at(ago(26, 90), () => write.activate(who('KRAB').user, 'WELCOME50', ago(26, 90)));
  at(ago(21, 60), () => write.activate(who('Оля_Травница').user, 'RUSTY20', ago(21, 60)));
  at(ago(21, 45), async () => {
    const olya = who('Оля_Травница').user;
    const payment = await write.topUp(olya, 500, 'sbp', ago(21, 45));
    // Part of it given back at the provider: the overview's «Частичные возвраты» has one to show.
    await write.partialRefund(olya, payment, 500, 150, ago(2, 30));
  });

  // Everyday purchases: a few a day, more towards the present, across products and both servers.
  for (let day = 29; day >= 1; day -= 1) {
    const count = 1 + Math.floor(random() * (day < 10 ? 4 : 3));
    for (let n = 0; n < count; n += 1) {
      const when = ago(day, Math.floor(random() * 20 * 60));
      const buyers = [...players.entries()].filter(([, p]) => p.joined < when);
      if (buyers.length === 0) continue;
      const [name] = pick(buyers);
      order(name, pick(products), random() < 0.55 ? classic : plugin, when, 'delivered');
    }
  }
  order('Stalker_77', product('door.hinged.toptier'), classic, ago(9, 200), 'delivered', {
    giftTo: who('Tanya_Raid').user.steamId,
    giftMessage: 'С днём рождения! Теперь рейдеры не пройдут',
  });
  order('Dimon_Rust', product('explosive.timed'), plugin, ago(4, 500), 'refunded');
  order('Lesnik', product('scrap'), classic, ago(0, 95), 'delivered');
  order('Zhenya_Pro', product('rifle.ak'), plugin, ago(0, 70), 'delivered');
  order('Lesnik', product('scrap'), classic, ago(0, 40), 'waiting');

  // Past wipes, each through the wipes module as the monitor records one: the overview's chart
  // marks them and the revenue by wipe has periods to show. The current saves are the monitor's.
  const wipeRandom = seededRandom(1_870);
  for (const [server, wipes] of [
    [classic, DEMO_WIPES.classic],
    [plugin, DEMO_WIPES.weekly],
  ] as const) {
    const current = await createWipesRepository(app.db).lastWipe(server.id);
    if (!current) continue;
    for (const wipe of pastWipes(server.id, current.wipedAt, wipes, wipeRandom)) {
      at(wipe.at, () =>
        app.wipes.record({ ...wipe, source: 'detected', map: current.map ?? server.map }),
      );
    }
  }

  for (const chat of HISTORY_CHATS) {
    const start = ago(chat.daysAgo, chat.minutesAgo);
    at(start, async () => {
      const { user } = who(chat.player);
      await write.chat(user, start, chat.lines);
      if (chat.closedAfterMinutes !== undefined) {
        await write.close(user, new Date(start.getTime() + chat.closedAfterMinutes * MINUTE));
      }
    });
  }

  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  const started = performance.now();
  for (const step of steps) await step.run();
  app.catalog.invalidate();
  app.log.info(
    { steps: steps.length, ms: Math.round(performance.now() - started) },
    'demo history written',
  );
}

/**
 * The servers online, once `wanted` are (or after 20 tries): the history buys through the purchase
 * rules, which sell only on online servers, and a demo server just pointed at its simulator's new
 * port answers on its new link after a poll or two.
 */
async function onlineServers(app: FastifyInstance, wanted: number): Promise<ServerRow[]> {
  const repo = createServersRepository(app.db);
  let online: ServerRow[] = [];
  for (let poll = 0; poll < 20; poll += 1) {
    online = (await repo.list()).filter((server) => effectiveStatus(server) === 'online');
    if (online.length >= wanted) break;
    await sleep(250);
    await app.servers.monitor.pollNow();
  }
  return online;
}

/** Tops a player up before a purchase their balance does not cover, as a player would. */
async function fund(write: HistoryWriter, user: UserRow, cost: number, when: Date, joined: Date) {
  const balance = await write.balanceOf(user);
  if (balance >= cost) return;
  const amount = TOP_UPS.find((roubles) => roubles * 110 >= cost - balance) ?? 1000;
  const opened = new Date(Math.max(joined.getTime(), when.getTime() - 25 * MINUTE));
  await write.topUp(user, amount, (when.getUTCDate() & 1) === 0 ? 'kassa' : 'sbp', opened);
}
