import { onPath, type StandInMode } from '@shop/plugin-stand-in';
import { afterEach, describe, expect, it } from 'vitest';
import { startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * VIP groups and permissions go through the permission library and are read back: Oxide's console
 * commands only log a missing group and answer success (RustCore.cs), Carbon's have other names.
 * A genuinely signed reply still may not reach another player, admin, or a wildcard.
 */
let world: PluginWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const VIP_GOLD = {
  name: 'VIP Gold',
  gameItemName: 'vip',
  category: 'vip',
  vipTier: 'Gold',
  vipDays: 30,
};

const retry = (w: PluginWorld, jobId: string) =>
  w.shop.app.inject({
    method: 'POST',
    url: `/api/admin/deliveries/${jobId}/retry`,
    headers: w.admin.headers,
  });

const failedJob = async (w: PluginWorld, orderId: string) => {
  await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'failed', {
    what: 'the job failed with its reason',
  });
  return (await w.jobsOf(orderId))[0]!;
};

describe.skipIf(!onPath('mcs')).each(['oxide', 'carbon'] as StandInMode[])(
  'plugin permissions under %s',
  (mode) => {
    it('fails a VIP whose group the server lacks, warns the admin, and grants it once the group exists', async () => {
      const w = (world = await startPluginWorld({ mode }));
      const player = await w.player();
      const orderId = await w.buy(player, VIP_GOLD);
      const job = await failedJob(w, orderId);
      expect(job.lastError).toMatch(/группы «vip_gold» нет на сервере/);
      expect((await w.order(player, orderId)).isDelivered).toBe(false);
      expect(w.standIn.chats(player.steamId).some((chat) => chat.text.includes('Получено'))).toBe(
        false,
      );
      const status = await w.shop.app.inject({
        url: `/api/admin/servers/${w.serverId}/plugin`,
        headers: w.admin.headers,
      });
      expect(status.json()).toMatchObject({ missingVipGroups: ['vip_gold'] });

      await w.standIn.createGroup('vip_gold');
      expect((await retry(w, job.id)).statusCode).toBe(200);
      await w.standIn.chat(player.steamId, '/store');
      await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
        what: 'granted after the retry',
      });
      const { userGroups } = await w.standIn.permissions();
      expect(userGroups[player.steamId]).toContain('vip_gold');
      await w.standIn.save();
      await waitUntil(async () => (await w.order(player, orderId)).isDelivered, {
        what: 'settled',
      });
    });

    it('refuses a signed command that adds another player, or anyone to admin, or a wildcard', async () => {
      const w = (world = await startPluginWorld({ mode }));
      const player = await w.player();
      const other = '76561198000099999';
      for (const commands of [
        `oxide.usergroup add ${other} vip_gold`,
        'oxide.usergroup add {playerId} admin',
        'oxide.grant user {playerId} *',
        'oxide.grant group default shop.vip',
      ]) {
        const orderId = await w.buy(player, { name: 'Права', gameItemName: 'vip', commands });
        const job = await failedJob(w, orderId);
        expect(job.lastError).toMatch(/Команда отклонена/);
      }
      const { userGroups, userPermissions, groupPermissions } = await w.standIn.permissions();
      expect(userGroups[other] ?? []).toEqual([]);
      expect(userGroups[player.steamId] ?? []).not.toContain('admin');
      expect(userPermissions[player.steamId] ?? []).toEqual([]);
      expect(groupPermissions.default ?? []).not.toContain('shop.vip');
    });
  },
);
