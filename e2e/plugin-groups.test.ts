import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The game-server plugin's item list with its server's groups, signed as PROTOCOL.md says. */
async function sendGroups(key: string, groups: string[]) {
  const body = JSON.stringify({
    items: [
      { itemid: 1, shortname: 'wood', displayName: 'Wood', category: 'Resources', stackable: 1000 },
    ],
    groups,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const canonical = ['POST', '/items', timestamp, nonce, sha256(body)].join('\n');
  const reply = await fetch(`${journey.shop.url}/api/plugin/v2/items`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-key-id': sha256(key).slice(0, 16),
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': createHmac('sha256', key).update(canonical).digest('hex'),
      'x-plugin-version': '2.1.0',
    },
    body,
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

describe('a plugin server without a VIP tier’s group', () => {
  it('is flagged in «Серверы» with the command that creates the group, under the owner’s name and colours', async () => {
    const context = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    const headers = {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': 'application/json',
    };
    // Another owner's shop: its own name and colour.
    const rebranded = await fetch(`${journey.shop.url}/api/admin/site`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: 'Тайга', colors: { primary: '#2a9d8f' } }),
    });
    expect(rebranded.status, await rebranded.clone().text()).toBe(200);
    const servers = (await (
      await fetch(`${journey.shop.url}/api/admin/servers`, { headers })
    ).json()) as Array<{ name: string; pluginKey: string; isPluginEnabled: number }>;
    const pluginServer = servers.find((server) => server.isPluginEnabled === 1);
    if (!pluginServer) throw new Error('the demo has no plugin server');
    // The game server has Oxide's own groups and none of the shop's VIP ones.
    await sendGroups(pluginServer.pluginKey, ['admin', 'default']);

    for (const [viewport, name] of [
      [viewports.phone, 'plugin-groups-390'],
      [viewports.desktop, 'plugin-groups-1280'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/admin`);
      await page.getByRole('tab', { name: 'Серверы' }).click();
      const panel = page.getByRole('group', { name: /^Плагин/ });
      const warning = panel.getByRole('alert').filter({ hasText: 'На сервере нет групп' });
      await expect.poll(() => warning.isVisible()).toBe(true);
      expect(await warning.innerText()).toContain('oxide.group add vip_gold');
      await warning.scrollIntoViewIfNeeded();
      await snapshot(page, name);
    }
    await context.close();
  });
});
