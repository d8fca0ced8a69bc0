import type { AdminServer, ServerPluginStatus } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from '@/lib/format';
import { adminKeys } from '../../shared/admin-keys';
import { AdminPermissions } from '../../shared/permissions-context';
import { ServerPluginPanel } from './server-plugin-panel';

const server: AdminServer = {
  id: 7,
  name: 'Classic',
  description: '',
  status: 'online',
  ip: '127.0.0.1',
  port: 28015,
  map: 'Procedural Map',
  playersOnline: 3,
  maxPlayers: 100,
  isPluginEnabled: 1,
  rconPort: 28016,
  rconPassword: '',
  pluginKey: 'k'.repeat(32),
  statusOverride: null,
  lastCheckedAt: null,
  lastError: null,
  lastWipeAt: null,
  nextWipeAt: null,
  wipeSchedule: null,
};

let client: QueryClient;
afterEach(() => client.clear());

/** The panel as it renders with the status already in the cache (as after the first fetch). */
function render(status: ServerPluginStatus | null): string {
  client = new QueryClient();
  client.setQueryData(adminKeys.serverPlugin(server.id), status);
  // Staff who may retry a delivery (orders.refund) see its button.
  return renderToStaticMarkup(
    <AdminPermissions.Provider value={['servers', 'orders.refund']}>
      <QueryClientProvider client={client}>
        <ServerPluginPanel server={server} />
      </QueryClientProvider>
    </AdminPermissions.Provider>,
  ).replaceAll('<!-- -->', '');
}

/** The words a reader sees, one space between elements. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/ +/g, ' ')
    .replaceAll(' :', ':');

const status: ServerPluginStatus = {
  version: '2.0.0',
  lastSeenAt: new Date(Date.now() - 12_000).toISOString(),
  queued: 3,
  awaitingSave: 1,
  items: 1131,
  groups: ['admin', 'default', 'vip_gold'],
  missingVipGroups: [],
  failed: [
    {
      jobId: '0b9c8f5e-5a0e-4a4b-9d1e-2f1a6c3b7d10',
      orderId: '5f2d1c4b-0000-4000-8000-000000000001',
      itemName: 'Машина на 2 модуля',
      steamId: '76561198000000002',
      reason: 'Нет такого предмета на сервере',
      at: '2026-03-05T12:00:00Z',
    },
  ],
};

describe('ServerPluginPanel', () => {
  it('shows the version, last contact, queue, world-save wait, item count and failures', () => {
    const html = render(status);
    expect(html).toContain('Плагин 2.0.0');
    expect(html).toMatch(/связь 1[23] с назад/);
    expect(html).toContain('text-muted-foreground">связь');
    expect(textOf(html)).toContain('В очереди: 3 Ждут сохранения мира: 1');
    expect(textOf(html)).toContain(`Предметов на сервере: ${formatNumber(1131)}`);
    expect(html).toContain('Ошибка: Нет такого предмета на сервере');
    expect(html).toContain('заказ #5f2d1c4b');
    expect(html).toContain('aria-label="Повторить выдачу: Машина на 2 модуля"');
  });

  it('marks a contact older than two minutes in amber', () => {
    const html = render({ ...status, lastSeenAt: new Date(Date.now() - 180_000).toISOString() });
    expect(html).toContain('text-[#f5d27e]">связь 3 мин назад');
  });

  it('warns of a VIP tier whose group the server lacks, and only then', () => {
    expect(render(status)).not.toContain('role="alert"');
    const html = render({ ...status, missingVipGroups: ['vip_diamond'] });
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain('На сервере нет группы «vip_diamond» для VIP-статуса');
    expect(textOf(html)).toContain('oxide.group add vip_diamond');
  });

  it('says the plugin never connected', () => {
    const html = render({ ...status, version: null, lastSeenAt: null, failed: [] });
    expect(html).toContain('Плагин не подключался');
    expect(html).not.toContain('связь');
    expect(html).not.toContain('Повторить выдачу');
  });

  it('shows «Нет данных о плагине» when the shop has no status for the server', () => {
    expect(render(null)).toContain('Нет данных о плагине');
  });
});
