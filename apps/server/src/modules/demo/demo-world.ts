import { readFileSync } from 'node:fs';
import {
  startRustSim,
  type RustSimHandle,
  type RustSimOptions,
  type SimPlayerInit,
} from '@shop/rust-sim';
import { deliveryModes, type DeliveryMethod } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { demoPlayers } from '../../integrations/steam/demo-players';
import { parseItemFile } from '../catalog/item-import';
import { SHIPPED_ITEM_TABLE } from '../catalog/shipped-items';
import { stackLimitOf } from '../products/products-repository';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoDiscord } from './demo-discord';
import { seedDemoHistory } from './demo-history';
import { seedDemoSales } from './demo-sales';
import { seedDemoTelegram } from './demo-telegram';
import { startDemoPlugin, type DemoPlugin } from './demo-plugin';
import { DEMO_WIPES, demoSave, type DemoWipes } from './demo-wipes';

interface DemoServer {
  name: string;
  description: string;
  port: number;
  isPluginEnabled: (typeof deliveryModes)[DeliveryMethod];
  sim: RustSimOptions;
  /** Players who come and go, beside the sign-in accounts who are always there. */
  bystanders: SimPlayerInit[];
  wipes: DemoWipes;
}

const DEMO_SERVERS: DemoServer[] = [
  {
    name: 'RUSTY | Classic x2',
    description:
      'Классика с рейтами x2: крафт быстрее, лут богаче. Кланы до 6 человек. Вайп раз в две недели.',
    port: 28015,
    isPluginEnabled: deliveryModes.rcon,
    sim: { hostname: 'RUSTY | Classic x2', map: 'Procedural Map', maxPlayers: 200 },
    bystanders: [{ name: 'Rustacean' }, { name: 'Doorcamper' }, { name: 'Lena_404' }],
    wipes: DEMO_WIPES.classic,
  },
  {
    name: 'RUSTY | Solo/Duo/Trio x3',
    description: 'Команды до трёх человек, рейты x3, вайп каждый четверг. Выдача через /store.',
    port: 28025,
    isPluginEnabled: deliveryModes.plugin,
    sim: { hostname: 'RUSTY | Solo/Duo/Trio x3', map: 'Barren', maxPlayers: 150 },
    bystanders: [{ name: 'Kirill_x3' }, { name: 'Misha Builder' }],
    wipes: DEMO_WIPES.weekly,
  },
];

/**
 * Everyone the demo's sign-in page offers plays on every demo server and never leaves, so whatever a
 * visitor buys as any of them is given within seconds, as it would be to a player in the game.
 */
const residents: SimPlayerInit[] = demoPlayers.map((player) => ({
  steamId: player.steamId,
  name: player.personaname,
  resident: true,
}));

/** The game's items as the simulated servers know them: the whole shipped table. */
function gameItems() {
  return parseItemFile('json', readFileSync(SHIPPED_ITEM_TABLE, 'utf8'));
}

/** The plugin's address of the shop: loopback, wherever the shop listens. */
function pluginBaseUrl(config: Config): string {
  const host = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host)
    ? '127.0.0.1'
    : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/plugin/v2`;
}

/** Stops the demo world. */
export type DemoWorld = () => Promise<void>;

/**
 * Demo mode: two simulated Rust servers on loopback, registered in the shop (by name, so a restart
 * reuses the rows and only points them at the new ports), a stand-in of the game-server plugin on
 * the plugin server, the starter catalogue and, on a fresh shop, a month of history. Bystanders come
 * and go so the pages look alive.
 */
export async function startDemoWorld(app: FastifyInstance, config: Config): Promise<DemoWorld> {
  const repo = createServersRepository(app.db);
  const items = gameItems();
  const sims: RustSimHandle[] = [];
  const plugins: DemoPlugin[] = [];
  const registerServer = async (
    demo: DemoServer,
    sim: RustSimHandle,
    existing: ServerRow | undefined,
  ): Promise<number> => {
    const wipeSchedule = demo.wipes.schedule(sim.saveCreatedAt, config.shopTimeZone);
    if (existing) {
      await repo.setRconEndpoint(existing.id, sim.port, sim.password);
      // A server with no schedule (a demo made before schedules) gets its own; an admin's is kept.
      if (!existing.wipeSchedule) await repo.setWipeSchedule(existing.id, wipeSchedule);
      return existing.id;
    }
    const created = await repo.create({
      name: demo.name,
      ip: '127.0.0.1',
      port: demo.port,
      rconPort: sim.port,
      rconPassword: sim.password,
      maxPlayers: demo.sim.maxPlayers ?? 100,
      map: demo.sim.map ?? '',
      description: demo.description,
      isPluginEnabled: demo.isPluginEnabled,
      wipeSchedule,
    });
    return created.id;
  };
  for (const demo of DEMO_SERVERS) {
    const existing = await repo.findByName(demo.name);
    const sim = await startRustSim({
      ...demo.sim,
      ...(await demoSave(app, existing?.id, demo.wipes)),
      players: [...residents, ...demo.bystanders],
      items: items.map((item) => ({ shortname: item.shortname, name: item.nameEn })),
      churnIntervalMs: 45_000,
    });
    sims.push(sim);
    const serverId = await registerServer(demo, sim, existing);
    if (demo.isPluginEnabled !== deliveryModes.plugin) continue;
    plugins.push(
      startDemoPlugin({
        baseUrl: pluginBaseUrl(config),
        serverKey: async () => (await repo.findById(serverId))?.pluginKey ?? '',
        rcon: { host: sim.host, port: sim.port, password: sim.password },
        items: items.map((item) => ({
          itemid: item.id,
          shortname: item.shortname,
          displayName: item.nameEn,
          category: item.category,
          // The vanilla game's stack limits, as a real server's plugin reports its own.
          stackable: stackLimitOf(item.shortname, null),
        })),
        // The game's own line after a save, so the admin's console shows when deliveries settle.
        onWorldSave: (jobs) =>
          sim.sendConsoleLine(`Saved ${48_000 + jobs} ents, cache(0.02), write(0.01), disk(0.00).`),
        log: app.log,
      }),
    );
  }
  await seedDemoCatalog(app);
  await seedDemoDiscord(app);
  // The servers' status as their simulators answer now, before the first visitor sees the list.
  await app.servers.monitor.pollNow();
  // Before the shop listens: on the embedded database the history's statements run on this thread,
  // so beside the start they would hold it up just as long, and a visitor finds the month complete.
  await seedDemoHistory(app).catch((error: unknown) => {
    app.log.warn({ err: error }, 'demo history could not be written');
  });
  // After the history, whose purchases of the past would otherwise meet the raid item's block.
  await seedDemoSales(app);
  // After the history, which makes «Админ Демо», whose Telegram the stand-in's page speaks as.
  await seedDemoTelegram(app);
  return async () => {
    await Promise.all(plugins.map((plugin) => plugin.stop()));
    await Promise.all(sims.map((sim) => sim.close()));
  };
}
