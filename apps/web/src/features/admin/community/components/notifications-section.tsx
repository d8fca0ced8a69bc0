import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_EVENT_LABELS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationOutboxItem,
  type NotificationStatus,
} from '@shop/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { AdminSection } from '../../shared/components/admin-section';
import { useNotificationStatus, useRetryNotification } from '../api/notifications';
import { DestinationsCard } from './destinations-card';

const STATUS_LABELS: Record<NotificationOutboxItem['status'], string> = {
  pending: 'В очереди',
  sent: 'Отправлено',
  dead: 'Не доставлено',
  dropped: 'Отброшено',
};

const eventLabel = (event: string) =>
  event.startsWith('player:')
    ? 'Новость игроку'
    : (NOTIFICATION_EVENT_LABELS[event as NotificationEvent] ?? event);

function Messengers({ status }: { status: NotificationStatus }) {
  const { telegram, vk } = status;
  return (
    <Card className="flex flex-col gap-2 p-5 text-sm sm:p-6">
      <p>
        Telegram:{' '}
        {telegram.enabled ? (
          <>
            <strong>бот @{telegram.username}</strong> · токен {telegram.tokenMasked} ·{' '}
            {telegram.updates === 'webhook' ? 'обновления по вебхуку' : 'обновления опросом'} ·
            привязано аккаунтов: {telegram.linkedAccounts}
          </>
        ) : (
          'выключен — задайте TELEGRAM_BOT_TOKEN и TELEGRAM_BOT_USERNAME (README, «Telegram и ВКонтакте»).'
        )}
      </p>
      <p>
        ВКонтакте:{' '}
        {vk.enabled ? (
          <>
            <strong>включён</strong> · токен сообщества {vk.tokenMasked}
          </>
        ) : (
          'выключен — задайте VK_GROUP_TOKEN.'
        )}
      </p>
    </Card>
  );
}

function Outbox({ status }: { status: NotificationStatus }) {
  const retry = useRetryNotification();
  const { counts, outbox } = status;
  return (
    <AdminSection title="Очередь уведомлений">
      <p className="mb-3 text-sm text-muted-foreground">
        В очереди: {counts.pending} · отправлено: {counts.sent} · не доставлено: {counts.dead}
      </p>
      {outbox.length === 0 ? (
        <p className="text-sm text-muted-foreground">Пока ничего не отправлялось.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Очередь уведомлений">
          {outbox.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-1 rounded-lg border border-white/10 p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge
                  variant={
                    item.status === 'dead'
                      ? 'destructive'
                      : item.status === 'pending'
                        ? 'warning'
                        : 'success'
                  }
                >
                  {STATUS_LABELS[item.status]}
                </Badge>
                <span>{NOTIFICATION_CHANNEL_LABELS[item.channel]}</span>
                <span className="text-muted-foreground">
                  {eventLabel(item.event)} · {formatDateTime(item.createdAt)}
                </span>
              </div>
              <p className="line-clamp-3 break-words whitespace-pre-line">{item.preview}</p>
              {item.lastError && item.status !== 'sent' && (
                <p className="text-destructive">
                  {item.lastError} (попыток: {item.attempts})
                </p>
              )}
              {item.status === 'dead' && (
                <Button
                  size="sm"
                  variant="outline"
                  className="w-fit"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(item.id, {
                      onSuccess: () => toast.success('Сообщение снова в очереди'),
                      onError: (error) => toast.error(errorText(error, 'Не удалось')),
                    })
                  }
                >
                  Отправить снова
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

/** «Сообщество»: the messengers, where staff notifications go, and the outbox with its dead letters. */
export function NotificationsSection() {
  const { data, isLoading, error } = useNotificationStatus();
  if (isLoading) return <LoadingState text="Загрузка..." />;
  if (!data) return <p className="text-destructive">{error?.message ?? 'Не удалось загрузить'}</p>;
  const available: NotificationChannel[] = [
    ...(data.telegram.enabled ? (['telegram'] as const) : []),
    ...(data.vk.enabled ? (['vk'] as const) : []),
    'discord',
  ];
  return (
    <>
      <Messengers status={data} />
      <DestinationsCard destinations={data.destinations} available={available} />
      <Outbox status={data} />
    </>
  );
}
