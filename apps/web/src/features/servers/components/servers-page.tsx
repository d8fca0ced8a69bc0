import type { PublicServer } from '@shop/shared';
import { ServerCrash, ServerOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useServers } from '../api/get-servers';
import { MetricsCard } from './metrics-card';
import { PlayersDialog } from './players-dialog';
import { ServerCard } from './server-card';

export function ServersPage({
  isAuthenticated,
  isAdmin,
}: {
  isAuthenticated: boolean;
  isAdmin: boolean;
}) {
  const servers = useServers();
  const [playersOf, setPlayersOf] = useState<PublicServer | null>(null);

  useEffect(() => {
    if (servers.isError) toast.error('Ошибка загрузки серверов', { id: 'servers-error' });
  }, [servers.isError]);

  let content: React.ReactNode;
  if (servers.isPending) content = <LoadingState text="Загрузка серверов..." />;
  else if (servers.isError)
    content = (
      <EmptyState tone="error" icon={<ServerCrash />} title={`Ошибка: ${servers.error.message}`} />
    );
  else if (servers.data.length === 0)
    content = <EmptyState icon={<ServerOff />} title="Серверы не найдены" />;
  else
    content = (
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {servers.data.map((server) => (
          <ServerCard key={server.id} server={server} onShowPlayers={() => setPlayersOf(server)} />
        ))}
      </div>
    );

  return (
    <>
      <PageHeader
        title="Серверы"
        description="Выберите сервер по душе: адрес можно скопировать или подключиться к игре в один клик."
      />
      {content}
      {isAdmin && <MetricsCard />}
      <PlayersDialog
        server={playersOf}
        isAuthenticated={isAuthenticated}
        onOpenChange={(open) => !open && setPlayersOf(null)}
      />
    </>
  );
}
