import type { PublicServer } from '@shop/shared';
import { ServerOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { useServers } from '../api/get-servers';
import { MetricsCard } from './metrics-card';
import { ServerCard } from './server-card';

// The dialog and its libraries arrive with the first «Игроки», not with the server list.
const PlayersDialog = lazy(async () => ({
  default: (await import('./players-dialog')).PlayersDialog,
}));

export function ServersPage({
  isAuthenticated,
  isAdmin,
  title,
}: {
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** The owner's name for the page (its menu item), «Серверы» by default. */
  title?: string;
}) {
  const servers = useServers();
  const [playersOf, setPlayersOf] = useState<PublicServer | null>(null);

  useEffect(() => {
    if (servers.isError) toast.error('Ошибка загрузки серверов', { id: 'servers-error' });
  }, [servers.isError]);

  return (
    <>
      <PageHeader
        title={title || 'Серверы'}
        description="Выберите сервер по душе: адрес можно скопировать или подключиться к игре в один клик."
      />
      <QueryView
        query={servers}
        loading="Загрузка серверов..."
        empty="Серверы не найдены"
        emptyIcon={<ServerOff />}
      >
        {(items) => (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((server) => (
              <ServerCard
                key={server.id}
                server={server}
                onShowPlayers={() => setPlayersOf(server)}
              />
            ))}
          </div>
        )}
      </QueryView>
      {isAdmin && <MetricsCard />}
      {playersOf && (
        <Suspense fallback={null}>
          <PlayersDialog
            server={playersOf}
            isAuthenticated={isAuthenticated}
            onOpenChange={(open) => !open && setPlayersOf(null)}
          />
        </Suspense>
      )}
    </>
  );
}
