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

const tabs = [
  { value: 'overview', label: 'Обзор', icon: BarChart3 },
  { value: 'users', label: 'Пользователи', icon: Users },
  { value: 'servers', label: 'Серверы', icon: Server },
  { value: 'products', label: 'Товары', icon: Boxes },
  { value: 'sales', label: 'Распродажи', icon: BadgePercent },
  { value: 'promocodes', label: 'Промокоды', icon: TicketPercent },
  { value: 'rcon', label: 'RCON', icon: SquareTerminal },
  { value: 'chats', label: 'Чаты', icon: MessagesSquare },
  { value: 'data', label: 'Данные', icon: DatabaseBackup },
  { value: 'discord', label: 'Discord', icon: MessageCircle },
  { value: 'site', label: 'Оформление', icon: Palette },
] as const;

/**
 * The open tab is the address's `?tab=`: the Discord support notice links to `?tab=chats`, the
 * overview's note on sample documents to `?tab=site`, and a reload stays on the same tab.
 */
function tabOf(search: string): string {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.some((tab) => tab.value === asked) ? (asked ?? 'overview') : 'overview';
}

export function AdminPage() {
  const [path, navigate] = useLocation();
  const tab = tabOf(useSearch());
  return (
    <>
      <PageHeader title="Панель администратора" />
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(`${path}?tab=${value}`, { replace: true })}
      >
        <TabsList aria-label="Разделы панели">
          {tabs.map(({ value, label, icon: Icon }) => (
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
    </>
  );
}
