import type { User } from '@shop/shared';
import { Gift, LayoutDashboard, Package, ReceiptText, Settings, TicketPercent } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { VipTierNames } from '@/lib/vip-tiers';
import { GiftsTab } from './gifts-tab';
import { OrdersTab } from './orders-tab';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';
import { TransactionsTab } from './transactions-tab';

const backFromTelegram = () =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('telegram');

export function ProfilePage({
  user,
  vipTiers,
  isLoading,
  onTopUp,
  promocodesTab,
}: {
  user: User | null;
  /** The owner's names of the VIP tiers (`site.vipTiers`). */
  vipTiers: VipTierNames | undefined;
  isLoading: boolean;
  onTopUp: () => void;
  /** Supplied by the route: promo activation belongs to the promocodes feature. */
  promocodesTab: ReactNode;
}) {
  if (isLoading) return <LoadingState text="Загрузка..." />;
  if (!user)
    return (
      <>
        <PageHeader title="Профиль" />
        <EmptyState title="Требуется вход в систему" />
      </>
    );

  return (
    <>
      <PageHeader title="Профиль" />
      {/* Telegram's Login Widget sends the browser back here with ?telegram=: its card is in settings. */}
      <Tabs defaultValue={backFromTelegram() ? 'settings' : 'overview'}>
        <TabsList aria-label="Разделы профиля">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden="true" />
            Обзор
          </TabsTrigger>
          <TabsTrigger value="orders">
            <Package aria-hidden="true" />
            Заказы
          </TabsTrigger>
          <TabsTrigger value="gifts">
            <Gift aria-hidden="true" />
            Подарки
          </TabsTrigger>
          <TabsTrigger value="transactions">
            <ReceiptText aria-hidden="true" />
            Транзакции
          </TabsTrigger>
          <TabsTrigger value="promocodes">
            <TicketPercent aria-hidden="true" />
            Промокоды
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings aria-hidden="true" />
            Настройки
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab user={user} vipTiers={vipTiers} onTopUp={onTopUp} />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="gifts">
          <GiftsTab />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsTab />
        </TabsContent>
        <TabsContent value="promocodes">{promocodesTab}</TabsContent>
        <TabsContent value="settings">
          <SettingsTab user={user} />
        </TabsContent>
      </Tabs>
    </>
  );
}
