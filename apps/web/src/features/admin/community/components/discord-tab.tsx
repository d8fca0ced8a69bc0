import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { Can } from '../../shared/components/can';
import { useDiscordStatus } from '../api/discord';
import { DiscordRolesCard } from './discord-roles-card';
import { NotificationsSection } from './notifications-section';

/**
 * Админ-панель → Сообщество: Discord linking and VIP roles, then the messengers (Telegram, VK,
 * Discord webhooks) staff notifications go to, and their outbox.
 */
export function DiscordTab() {
  const { data, isLoading, error } = useDiscordStatus();
  if (isLoading) return <LoadingState text="Загрузка..." />;
  if (!data) return <p className="text-destructive">{error?.message ?? 'Не удалось загрузить'}</p>;
  return (
    <div className="flex flex-col gap-5">
      <Card className="p-5 text-sm sm:p-6">
        <p>
          Привязка аккаунтов: <strong>{data.linking.enabled ? 'включена' : 'выключена'}</strong>
          {data.linking.enabled
            ? ` · привязано игроков: ${data.linking.linkedPlayers}`
            : ' — задайте DISCORD_CLIENT_ID и DISCORD_CLIENT_SECRET (README, раздел «Discord»).'}
        </p>
      </Card>
      {/* Which Discord role a VIP tier gives is the owner's alone. */}
      <Can permission="owner">
        <DiscordRolesCard key={JSON.stringify(data.roles.mappings)} status={data} />
      </Can>
      <Can permission="settings">
        <NotificationsSection />
      </Can>
    </div>
  );
}
