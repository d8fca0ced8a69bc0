import {
  BadgePercent,
  BarChart3,
  Boxes,
  DatabaseBackup,
  MessageCircle,
  MessagesSquare,
  Palette,
  Server,
  SquareTerminal,
  TicketPercent,
  Users,
} from 'lucide-react';
import type { RoutePermission } from '@shop/shared';
import { useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChatsTab } from '../../chats/components/chats-tab';
import { DataTab } from '../../data/components/data-tab';
import { DiscordTab } from '../../community/components/discord-tab';
import { OverviewTab } from '../../overview/components/overview-tab';
import { ProductsTab } from '../../products/components/products-tab';
import { PromocodesTab } from '../../promocodes/components/promocodes-tab';
import { RconTab } from '../../rcon/components/rcon-tab';
import { SalesTab } from '../../sales/components/sales-tab';
import { ServersTab } from '../../servers/components/servers-tab';
import { SiteTab } from '../../site/components/site-tab';
import { UsersTab } from '../../users/components/users-tab';
import { AdminPermissions, AdminSelf } from '../permissions-context';
import { useHealth } from '@/lib/health';

/** Each tab with the permissions that show it (any of them): the README's table. */
const tabs: ReadonlyArray<{
  value: string;
  label: string;
  icon: typeof BarChart3;
  permission: readonly RoutePermission[];
}> = [
  {
    value: 'overview',
    label: 'Обзор',
    icon: BarChart3,
    permission: ['money', 'orders.view', 'orders.refund', 'settings'],
  },
  { value: 'users', label: 'Пользователи', icon: Users, permission: ['moderation', 'roles'] },
  { value: 'servers', label: 'Серверы', icon: Server, permission: ['servers'] },
  { value: 'products', label: 'Товары', icon: Boxes, permission: ['products'] },
  { value: 'sales', label: 'Распродажи', icon: BadgePercent, permission: ['products'] },
  { value: 'promocodes', label: 'Промокоды', icon: TicketPercent, permission: ['money'] },
  { value: 'rcon', label: 'RCON', icon: SquareTerminal, permission: ['rcon'] },
  { value: 'chats', label: 'Чаты', icon: MessagesSquare, permission: ['chats'] },
  {
    value: 'data',
    label: 'Данные',
    icon: DatabaseBackup,
    permission: ['export', 'settings', 'money', 'products'],
  },
  { value: 'discord', label: 'Сообщество', icon: MessageCircle, permission: ['settings', 'owner'] },
  { value: 'site', label: 'Оформление', icon: Palette, permission: ['settings'] },
];

/**
 * The open tab is the address's `?tab=`: the Discord support notice links to `?tab=chats`, the
 * overview's note on sample documents to `?tab=site`, and a reload stays on the same tab.
 */
function tabOf(search: string, shown: readonly { value: string }[]): string {
  const asked = new URLSearchParams(search).get('tab');
  return shown.some((tab) => tab.value === asked) ? (asked ?? '') : (shown[0]?.value ?? '');
}

/** The running release (CHANGELOG.md names what it changed), at the foot of the panel. */
function ShopVersion() {
  const { data } = useHealth();
  if (!data) return null;
  return (
    <p className="mt-8 text-center text-xs text-muted-foreground">
      Rust Shop, версия {data.version}
      {data.restoredCopy ? ' · восстановленная копия' : ''}
    </p>
  );
}

/** The panel for staff holding `permissions` (from the profile): only their tabs and buttons. */
export function AdminPage({
  permissions,
  selfId = null,
}: {
  permissions: readonly RoutePermission[];
  selfId?: number | null;
}) {
  const [path, navigate] = useLocation();
  const can = (permission: RoutePermission) => permissions.includes(permission);
  // Only the tabs this role may use (a moderator lands on the overview's orders, then chats).
  const shown = tabs.filter((tab) => tab.permission.some(can));
  const tab = tabOf(useSearch(), shown);
  return (
    <AdminPermissions value={permissions}>
      <AdminSelf value={selfId}>
        <PageHeader title="Панель администратора" />
        <Tabs
          value={tab}
          onValueChange={(value) => navigate(`${path}?tab=${value}`, { replace: true })}
        >
          <TabsList aria-label="Разделы панели">
            {shown.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="users">
            <UsersTab />
          </TabsContent>
          <TabsContent value="servers">
            <ServersTab />
          </TabsContent>
          <TabsContent value="products">
            <ProductsTab />
          </TabsContent>
          <TabsContent value="sales">
            <SalesTab />
          </TabsContent>
          <TabsContent value="promocodes">
            <PromocodesTab />
          </TabsContent>
          <TabsContent value="rcon">
            <RconTab />
          </TabsContent>
          <TabsContent value="chats">
            <ChatsTab />
          </TabsContent>
          <TabsContent value="data">
            <DataTab />
          </TabsContent>
          <TabsContent value="discord">
            <DiscordTab />
          </TabsContent>
          <TabsContent value="site">
            <SiteTab />
          </TabsContent>
        </Tabs>
        <ShopVersion />
      </AdminSelf>
    </AdminPermissions>
  );
}
