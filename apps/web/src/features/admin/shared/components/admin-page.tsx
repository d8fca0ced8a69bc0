import {
  BadgePercent,
  BarChart3,
  Boxes,
  DatabaseBackup,
  MessageCircle,
  MessagesSquare,
  Server,
  SquareTerminal,
  TicketPercent,
  Users,
} from 'lucide-react';
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
] as const;

/** `?tab=chats` opens that section (the Discord support notice links to it). */
function initialTab(): string {
  const asked =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('tab');
  return tabs.some((tab) => tab.value === asked) ? (asked ?? 'overview') : 'overview';
}

export function AdminPage() {
  return (
    <>
      <PageHeader title="Панель администратора" />
      <Tabs defaultValue={initialTab()}>
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
      </Tabs>
    </>
  );
}
