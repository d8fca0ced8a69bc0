import type { PublicServer } from '@shop/shared';
import { Copy, Map as MapIcon, Play, Users } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Fact } from '@/components/ui/fact';
import { Button } from '@/components/ui/button';
import { ButtonAnchor } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { connectUrl, fillPercent, serverStatusLabel } from '../server-status';
import { ServerWipeFact } from './server-wipe-fact';

async function copyAddress(server: PublicServer) {
  try {
    await navigator.clipboard.writeText(`connect ${server.ip}:${server.port}`);
    toast.success('Скопировано', {
      description: 'Информация о сервере скопирована в буфер обмена',
    });
  } catch {
    toast.error('Ошибка', { description: `connect ${server.ip}:${server.port}` });
  }
}

export function ServerCard({
  server,
  onShowPlayers,
}: {
  server: PublicServer;
  onShowPlayers: () => void;
}) {
  const online = server.status === 'online';
  const status = serverStatusLabel(server.status);
  const percent = fillPercent(server.playersOnline, server.maxPlayers);
  const address = `${server.ip}:${server.port}`;

  return (
    <Card className={cn('flex flex-col overflow-hidden', !online && 'opacity-70 saturate-50')}>
      <div className="flex items-start justify-between gap-3 p-5 pb-3">
        <h2 className="font-display text-xl leading-tight font-bold tracking-wide uppercase">
          {server.name}
        </h2>
        <Badge variant={status.tone}>
          <span
            aria-hidden="true"
            className={cn('size-1.5 rounded-full bg-current', online && 'animate-pulse')}
          />
          {status.label}
        </Badge>
      </div>
      {server.description && (
        <p className="px-5 text-sm text-muted-foreground">{server.description}</p>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 px-5 text-sm">
        <div className="col-span-2 flex items-center justify-between gap-2 rounded-md border border-white/8 bg-black/40 py-1 pr-1 pl-3">
          <dt className="sr-only">Адрес</dt>
          <dd className="flex min-w-0 flex-1 items-center justify-between gap-2">
            <span className="truncate font-mono text-foreground/90">{address}</span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Скопировать адрес сервера ${server.name}`}
              onClick={() => void copyAddress(server)}
            >
              <Copy aria-hidden="true" />
            </Button>
          </dd>
        </div>
        <Fact icon={Users} label="Игроки онлайн">
          {formatNumber(server.playersOnline)}/{formatNumber(server.maxPlayers)}
        </Fact>
        <Fact icon={MapIcon} label="Карта">
          {server.map || '—'}
        </Fact>
        <ServerWipeFact server={server} />
      </dl>

      <div className="mt-4 px-5">
        <div
          role="progressbar"
          aria-label="Заполненность сервера"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 overflow-hidden rounded-full bg-white/8"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-primary to-accent transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-1 text-right text-xs text-muted-foreground">{percent}%</p>
      </div>

      <div className="mt-auto flex gap-2 p-5 pt-3">
        {online ? (
          <ButtonAnchor href={connectUrl(server.ip, server.port)} fill className="max-md:hidden">
            <Play aria-hidden="true" />
            Подключиться
          </ButtonAnchor>
        ) : (
          <Button fill className="max-md:hidden" disabled>
            Недоступен
          </Button>
        )}
        <Button
          variant="outline"
          fill
          className="md:flex-none"
          disabled={!online || server.playersOnline === 0}
          onClick={onShowPlayers}
          aria-label={`Игроки на сервере ${server.name}`}
        >
          <Users aria-hidden="true" />
          Игроки
        </Button>
      </div>
    </Card>
  );
}
