import { DISCORD_EVENT_LABELS, DISCORD_EVENTS, type DiscordWebhookView } from '@shop/shared';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useAddDiscordWebhook,
  useDeleteDiscordWebhook,
  useTestDiscordWebhook,
  useUpdateDiscordWebhook,
} from '../api/discord';
import { AdminSection } from '../../shared/components/admin-section';

function WebhookRow({ hook }: { hook: DiscordWebhookView }) {
  const test = useTestDiscordWebhook();
  const update = useUpdateDiscordWebhook();
  const remove = useDeleteDiscordWebhook();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-white/10 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong className="text-white">{hook.name}</strong>
        <Badge variant={hook.enabled ? 'success' : 'destructive'}>
          {hook.enabled ? 'Включён' : 'Выключен'}
        </Badge>
        {hook.pending > 0 && <Badge variant="warning">В очереди: {hook.pending}</Badge>}
      </div>
      <p className="break-all text-muted-foreground">{hook.url}</p>
      <p>{hook.events.map((event) => DISCORD_EVENT_LABELS[event]).join(', ')}</p>
      {hook.disabledReason && <p className="text-destructive">{hook.disabledReason}</p>}
      {hook.lastError && !hook.disabledReason && (
        <p className="text-destructive">
          Последняя ошибка{hook.lastErrorAt ? ` (${formatDateTime(hook.lastErrorAt)})` : ''}:{' '}
          {hook.lastError}
        </p>
      )}
      {hook.lastSentAt && (
        <p className="text-muted-foreground">
          Последнее сообщение: {formatDateTime(hook.lastSentAt)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(hook.id, {
              onSuccess: (reply) =>
                reply.ok
                  ? toast.success('Тестовое сообщение отправлено')
                  : toast.error(reply.error ?? 'Discord не принял сообщение'),
              onError: (error) => toast.error(errorText(error, 'Проверка не удалась')),
            })
          }
        >
          Проверить
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: hook.id, enabled: !hook.enabled })}
        >
          {hook.enabled ? 'Выключить' : 'Включить'}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(hook.id)}
        >
          Удалить
        </Button>
      </div>
    </li>
  );
}

/** Channel webhooks: each with its events, state and last error; a form adds one. */
export function DiscordWebhooksCard({ webhooks }: { webhooks: DiscordWebhookView[] }) {
  const add = useAddDiscordWebhook();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['purchase', 'support', 'delivery']);
  const toggle = (event: string, on: boolean) =>
    setEvents(on ? [...events, event] : events.filter((item) => item !== event));
  const submit = () =>
    add.mutate(
      { name, url, events },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
          toast.success('Вебхук добавлен');
        },
        onError: (error) => toast.error(errorText(error, 'Не удалось добавить вебхук')),
      },
    );

  return (
    <AdminSection title="Уведомления в каналы">
      <div className="flex flex-col gap-4">
        {webhooks.length > 0 && (
          <ul className="flex flex-col gap-3">
            {webhooks.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} />
            ))}
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="discord-webhook-name">Название</Label>
            <Input
              id="discord-webhook-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="discord-webhook-url">Адрес вебхука</Label>
            <Input
              id="discord-webhook-url"
              placeholder="https://discord.com/api/webhooks/…"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
        </div>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">События</legend>
          {DISCORD_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={events.includes(event)}
                onCheckedChange={(checked) => toggle(event, checked === true)}
              />
              {DISCORD_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <Button className="w-fit" disabled={add.isPending} onClick={submit}>
          Добавить вебхук
        </Button>
      </div>
    </AdminSection>
  );
}
