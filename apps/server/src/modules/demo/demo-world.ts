import { startRustSim, type RustSimHandle, type RustSimOptions } from '@shop/rust-sim';
import { deliveryModes, type DeliveryMethod } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { createServersRepository } from '../servers/servers-repository';
import { seedDemoCatalog } from './demo-catalog';

interface DemoServer {
  name: string;
  description: string;
  port: number;
  isPluginEnabled: (typeof deliveryModes)[DeliveryMethod];
  sim: RustSimOptions;
}

const DEMO_SERVERS: DemoServer[] = [
  {
    name: 'RUSTY | Classic x2',
    description: 'Классика с рейтами x2: крафт быстрее, лут богаче. Кланы до 6 человек.',
    port: 28015,
    isPluginEnabled: deliveryModes.rcon,
    sim: { hostname: 'RUSTY | Classic x2', map: 'Procedural Map', maxPlayers: 200 },
  },
  {
    name: 'RUSTY | Solo/Duo/Trio x3',
    description: 'Команды до трёх человек, рейты x3, вайп каждый четверг. Выдача через /store.',
    port: 28025,
    isPluginEnabled: deliveryModes.plugin,
    sim: {
      hostname: 'RUSTY | Solo/Duo/Trio x3',
      map: 'Barren',
      maxPlayers: 150,
      players: [
        { steamId: '76561198000000004', name: 'Nadya_Solo' },
        { name: 'Kirill_x3' },
        { name: 'Misha Builder' },
      ],
    },
  },
];

/**
 * Demo mode: two simulated Rust servers on loopback, registered in the shop (by name, so a restart
 * reuses the rows and only points them at the new ports). Players come and go so the pages look alive.
 */
export async function startDemoWorld(app: FastifyInstance): Promise<() => Promise<void>> {
  const repo = createServersRepository(app.db);
  const sims: RustSimHandle[] = [];
  for (const demo of DEMO_SERVERS) {
    const sim = await startRustSim({ ...demo.sim, churnIntervalMs: 45_000 });
    sims.push(sim);
    const fields = {
      name: demo.name,
      ip: '127.0.0.1',
      port: demo.port,
      rconPort: sim.port,
      rconPassword: sim.password,
      maxPlayers: demo.sim.maxPlayers ?? 100,
      map: demo.sim.map ?? '',
      description: demo.description,
      isPluginEnabled: demo.isPluginEnabled,
    };
    const existing = await repo.findByName(demo.name);
    if (existing) {
      await repo.setRconEndpoint(existing.id, sim.port, sim.password);
    } else {
      await repo.create(fields);
    }
  }
  await seedDemoCatalog(app);
  await app.servers.monitor.pollNow();
  return async () => {
    await Promise.all(sims.map((sim) => sim.close()));
  };
}
