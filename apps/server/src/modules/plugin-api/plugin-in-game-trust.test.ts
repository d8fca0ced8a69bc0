import { createServer, type IncomingMessage, type Server } from 'node:http';
import { onPath, startStandIn } from '@shop/plugin-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLUGIN_PATH,
  STAND_IN_MODE,
  startPluginWorld,
  type PluginWorld,
} from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/** Who the plugin believes: only the shop that holds its key, and only for allowed commands. */
const KEY = 'k'.repeat(12) + 'ImpersonatedKey0123456789';
const STEAM_ID = '76561198000000321';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Someone between the game server and the shop (a DNS hijack): answers as the shop would, without the key. */
async function startImpersonator(seen: Seen[]): Promise<{ url: string; server: Server }> {
  const evilJob = {
    id: '11111111-2222-4333-8444-555555555555',
    kind: 'commands',
    itemName: 'VIP',
    shortname: null,
    amount: 2,
    given: 0,
    commands: [`oxide.usergroup add ${STEAM_ID} admin`, `ownerid ${STEAM_ID}`],
    giftFrom: null,
  };
  const giveJob = {
    ...evilJob,
    id: '11111111-2222-4333-8444-666666666666',
    kind: 'give',
    shortname: 'rifle.ak',
    amount: 1000,
    commands: [],
  };
  const lease = JSON.stringify({ jobs: [evilJob, giveJob], leaseSeconds: 60, inProgress: 0 });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ path: request.url ?? '', headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      // Half the replies unsigned, half with a made-up signature.
      response.end(
        seen.length % 2 === 0 ? lease : JSON.stringify({ body: lease, signature: 'ab'.repeat(32) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

describe.skipIf(!onPath('mcs'))('what the plugin trusts', () => {
  it('runs nothing and gives nothing for a forged shop, and never sends its key', async () => {
    const seen: Seen[] = [];
    const impersonator = await startImpersonator(seen);
    const standIn = await startStandIn({
      pluginPath: PLUGIN_PATH,
      mode: STAND_IN_MODE,
      config: {
        ShopApiUrl: `${impersonator.url}/api/plugin/v2`,
        ServerKey: KEY,
        StoreCooldownSeconds: 0,
      },
    });
    try {
      await standIn.connect(STEAM_ID, 'Victim');
      // The join round and then /store until three forged leases were answered.
      const leases = () => seen.filter((s) => s.path.endsWith('/jobs/lease')).length;
      await waitUntil(
        async () => {
          if (leases() >= 3) return true;
          await standIn.chat(STEAM_ID, '/store');
          return false;
        },
        { what: 'leases answered by the impersonator', intervalMs: 200 },
      );
      await waitUntil(
        () => standIn.logs('error').some((log) => log.text.includes('not signed by the shop')),
        {
          what: 'forged replies reported',
        },
      );
      expect(standIn.commandsRun().filter((command) => command.text.includes(STEAM_ID))).toEqual(
        [],
      );
      expect(standIn.gives()).toEqual([]);
      expect(await standIn.inventory(STEAM_ID)).toEqual([]);
      for (const request of seen) {
        expect(JSON.stringify(request.headers)).not.toContain(KEY);
        expect(request.body).not.toContain(KEY);
        expect(request.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
      }
    } finally {
      await standIn.close();
      impersonator.server.close();
    }
  });

  describe('against the real shop', () => {
    let world: PluginWorld;
    beforeAll(async () => {
      world = await startPluginWorld();
    });
    afterAll(() => world?.close());

    it('sends the game’s item list as this server’s own, and the admin sees the plugin’s version and contact, also with nobody online', async () => {
      const status = async () =>
        (
          await world.shop.app.inject({
            url: `/api/admin/servers/${world.serverId}/plugin`,
            headers: world.admin.headers,
          })
        ).json();
      await waitUntil(async () => (await status()).items > 1000, { what: 'item list received' });
      expect(await status()).toMatchObject({ version: '2.1.0', lastSeenAt: expect.any(String) });
      // Nobody is online, and still the long poll keeps the contact the panel reads as alive.
      await waitUntil(
        () => world.standIn.httpRequests().some((r) => r.url.endsWith('/wait') && r.status === 200),
        { what: 'a long poll with nobody online' },
      );
    });

    it('is told by the shop to update when it speaks protocol v1', async () => {
      const reply = await world.shop.app.inject({
        url: `/api/plugin/v1/queue?steamId=${STEAM_ID}`,
        headers: { 'x-server-key': world.key },
      });
      expect(reply.statusCode).toBe(426);
      expect(reply.json().message).toContain('RustShopStore 2');
    });
  });
});
