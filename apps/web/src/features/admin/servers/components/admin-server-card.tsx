import { deliveryMethodOf, type AdminServer } from '@shop/shared';
import { AlertTriangle, Map as MapIcon, Pencil, Send, Trash2, Users } from 'lucide-react';
import { Badge, type badgeVariants } from '@/components/ui/badge';
import { Fact } from '@/components/ui/fact';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { VariantProps } from 'class-variance-authority';
import { deliveryLabel } from '../server-form';
import { Can } from '../../shared/components/can';
import { PluginKeyField } from './plugin-key-field';
import { ServerPluginPanel } from './server-plugin-panel';
import { ServerWipesPanel } from './server-wipes-panel';

type Tone = VariantProps<typeof badgeVariants>['variant'];

const statuses: Record<string, { label: string; tone: Tone }> = {
  online: { label: 'Онлайн', tone: 'success' },
  offline: { label: 'Оффлайн', tone: 'destructive' },
  restarting: { label: 'Перезапуск', tone: 'warning' },
  maintenance: { label: 'Технические работы', tone: 'warning' },
};

export function AdminServerCard({
  server,
  onEdit,
  onDelete,
}: {
  server: AdminServer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const status = statuses[server.status] ?? { label: 'Неизвестно', tone: 'secondary' };
  const titleId = `admin-server-${server.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-black/35 p-4',
        server.status === 'online' ? 'border-white/8' : 'border-white/5',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-bold text-white">
            {server.name}
          </h3>
          <p className="font-mono text-xs text-muted-foreground">
            {server.ip}:{server.port}
            <span className="text-muted-foreground/60"> · RCON {server.rconPort}</span>
          </p>
        </div>
        <Badge variant={status.tone}>
          <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
          {status.label}
        </Badge>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Fact icon={Users} label="Игроки онлайн">
          {formatNumber(server.playersOnline)}/{formatNumber(server.maxPlayers)}
        </Fact>
        <Fact icon={Send} label="Способ выдачи">
          {deliveryLabel(server)}
        </Fact>
        <Fact icon={MapIcon} label="Карта" className="col-span-2 sm:col-span-1">
          {server.map || '—'}
        </Fact>
      </dl>

      {server.lastError && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-xs text-[#ff9b91]"
        >
          <AlertTriangle className="mt-px size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">Последняя ошибка:</span> {server.lastError}
          </span>
        </p>
      )}

      <ServerWipesPanel server={server} />

      {deliveryMethodOf(server) === 'plugin' && <ServerPluginPanel server={server} />}

      {/* Plugin keys are the owner's: a key lets its holder report deliveries as done. */}
      <Can permission="owner">
        <PluginKeyField server={server} />
      </Can>

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-white/6 pt-3">
        <p className="text-xs text-muted-foreground">
          Проверен: {formatDateTime(server.lastCheckedAt)}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={`Редактировать сервер ${server.name}`}
          >
            <Pencil aria-hidden="true" />
            Изменить
          </Button>
          <Button
            variant="outline-destructive"
            size="sm"
            onClick={onDelete}
            aria-label={`Удалить сервер ${server.name}`}
          >
            <Trash2 aria-hidden="true" />
            Удалить
          </Button>
        </div>
      </div>
    </article>
  );
}
