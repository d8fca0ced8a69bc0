import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationDestination,
  type NotificationEvent,
} from '@shop/shared';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { AdminSection } from '../../shared/components/admin-section';
import { useAddDestination, useDeleteDestination, useTestDestination } from '../api/notifications';

const TARGET_HINTS: Record<NotificationChannel, { label: string; placeholder: string }> = {
  telegram: {
    label: 'ID чата Telegram',
    placeholder: '-1001234567890 или -1001234567890/42 для темы',
  },
  vk: { label: 'peer_id беседы ВКонтакте', placeholder: '2000000001' },
  discord: { label: 'Адрес вебхука', placeholder: 'https://discord.com/api/webhooks/…' },
};

function DestinationRow({ destination }: { destination: NotificationDestination }) {
  const test = useTestDestination();
  const remove = useDeleteDestination();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-white/10 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{NOTIFICATION_CHANNEL_LABELS[destination.channel]}</Badge>
        <strong className="text-white">{destination.name || destination.target}</strong>
        {destination.pending > 0 && (
          <Badge variant="warning">В очереди: {destination.pending}</Badge>
        )}
        {destination.dead > 0 && (
          <Badge variant="destructive">Не доставлено: {destination.dead}</Badge>
        )}
      </div>
      {destination.name && <p className="break-all text-muted-foreground">{destination.target}</p>}
      <p>{destination.events.map((event) => NOTIFICATION_EVENT_LABELS[event]).join(', ')}</p>
      {destination.lastError && (
        <p className="text-destructive">
          Последняя ошибка
          {destination.lastErrorAt ? ` (${formatDateTime(destination.lastErrorAt)})` : ''}:{' '}
          {destination.lastError}
        </p>
      )}
      {destination.lastSentAt && (
        <p className="text-muted-foreground">
          Последнее сообщение: {formatDateTime(destination.lastSentAt)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(destination.id, {
              onSuccess: (reply) =>
                reply.ok
                  ? toast.success('Тестовое сообщение отправлено')
                  : toast.error(reply.error ?? 'Сообщение не принято'),
              onError: (error) => toast.error(errorText(error, 'Проверка не удалась')),
            })
          }
        >
          Проверить
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(destination.id)}
        >
          Удалить
        </Button>
      </div>
    </li>
  );
}

/** Where staff hear of events: each chat with its events and state; a form adds one. */
export function DestinationsCard({
  destinations,
  available,
}: {
  destinations: NotificationDestination[];
  /** The channels whose settings are set. */
  available: NotificationChannel[];
}) {
  const add = useAddDestination();
  const [channel, setChannel] = useState<NotificationChannel>(available[0] ?? 'discord');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [events, setEvents] = useState<NotificationEvent[]>([
    'purchase',
    'support',
    'delivery_failed',
  ]);
  const toggle = (event: NotificationEvent, on: boolean) =>
    setEvents(on ? [...events, event] : events.filter((item) => item !== event));
  const hint = TARGET_HINTS[channel];
  const submit = () =>
    add.mutate(
      { channel, target, events, name },
      {
        onSuccess: () => {
          setName('');
          setTarget('');
          toast.success('Получатель добавлен');
        },
        onError: (error) => toast.error(errorText(error, 'Не удалось добавить получателя')),
      },
    );

  return (
    <AdminSection title="Куда приходят уведомления">
      <div className="flex flex-col gap-4">
        {destinations.length > 0 && (
          <ul className="flex flex-col gap-3">
            {destinations.map((destination) => (
              <DestinationRow key={destination.id} destination={destination} />
            ))}
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="destination-channel">Мессенджер</Label>
            <NativeSelect
              id="destination-channel"
              value={channel}
              onChange={(e) => setChannel(e.target.value as NotificationChannel)}
            >
              {NOTIFICATION_CHANNELS.map((item) => (
                <option key={item} value={item} disabled={!available.includes(item)}>
                  {NOTIFICATION_CHANNEL_LABELS[item]}
                  {available.includes(item) ? '' : ' (не настроен)'}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="destination-name">Название</Label>
            <Input id="destination-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="destination-target">{hint.label}</Label>
            <Input
              id="destination-target"
              placeholder={hint.placeholder}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          </div>
        </div>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">События</legend>
          {NOTIFICATION_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={events.includes(event)}
                onCheckedChange={(checked) => toggle(event, checked === true)}
              />
              {NOTIFICATION_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <Button className="w-fit" disabled={add.isPending} onClick={submit}>
          Добавить получателя
        </Button>
      </div>
    </AdminSection>
  );
}
