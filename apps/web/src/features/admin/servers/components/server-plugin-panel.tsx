import type { AdminServer, ServerPluginStatus } from '@shop/shared';
import { Plug } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useServerPlugin } from '../api/get-server-plugin';
import { lastContact, missingGroupsText, pluginTitle } from '../plugin-status';
import { PluginFailedDeliveries } from './plugin-failed-deliveries';

function Frame({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={title}
      className="flex flex-col gap-2 rounded-md border border-white/8 bg-black/25 px-3 py-2.5 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex items-center gap-2 font-semibold text-white">
          <Plug className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {title}
        </p>
        {aside}
      </div>
      {children}
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <li>
      {label}: <span className="font-semibold text-white">{formatNumber(value)}</span>
    </li>
  );
}

function PluginState({ server, status }: { server: AdminServer; status: ServerPluginStatus }) {
  // «12 с назад» keeps counting between two refreshes of the status.
  const now = useNow(5_000);
  const contact = lastContact(status.lastSeenAt, now);
  return (
    <Frame
      title={pluginTitle(status)}
      aside={
        contact && (
          <p className={cn('text-xs', contact.silent ? 'text-[#f5d27e]' : 'text-muted-foreground')}>
            {contact.text}
          </p>
        )
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <Count label="В очереди" value={status.queued} />
        <Count label="Ждут сохранения мира" value={status.awaitingSave} />
        <Count label="Предметов на сервере" value={status.items} />
      </ul>
      {status.missingVipGroups.length > 0 && (
        <p
          role="alert"
          className="rounded-md border border-[#f5d27e]/30 bg-[#f5d27e]/10 px-3 py-2 text-xs text-[#f5d27e]"
        >
          {missingGroupsText(status.missingVipGroups)}
        </p>
      )}
      {status.failed.length > 0 && (
        <PluginFailedDeliveries
          failed={status.failed}
          serverId={server.id}
          serverName={server.name}
        />
      )}
    </Frame>
  );
}

/** A plugin server's delivery at a glance: is the plugin there, what waits, what failed. */
export function ServerPluginPanel({ server }: { server: AdminServer }) {
  const plugin = useServerPlugin(server.id);
  if (plugin.isPending) {
    return (
      <Frame title="Плагин">
        <p className="text-xs text-muted-foreground">Загрузка данных плагина...</p>
      </Frame>
    );
  }
  if (plugin.isError) {
    return (
      <Frame title="Плагин">
        <p role="alert" className="text-xs text-[#ff9b91]">
          Ошибка: {plugin.error.message}
        </p>
      </Frame>
    );
  }
  if (plugin.data === null) {
    return (
      <Frame title="Плагин">
        <p className="text-xs text-muted-foreground">Нет данных о плагине</p>
      </Frame>
    );
  }
  return <PluginState server={server} status={plugin.data} />;
}
