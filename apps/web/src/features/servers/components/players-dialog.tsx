import type { PublicServer } from '@shop/shared';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useServerPlayers } from '../api/get-server-players';

function PlayersList({
  server,
  isAuthenticated,
}: {
  server: PublicServer;
  isAuthenticated: boolean;
}) {
  const [search, setSearch] = useState('');
  const players = useServerPlayers(server.id, isAuthenticated);
  const nicks = useMemo(() => players.data?.nicks ?? [], [players.data]);
  const found = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? nicks.filter((nick) => nick.toLowerCase().includes(needle)) : nicks;
  }, [nicks, search]);

  let content: React.ReactNode;
  if (!isAuthenticated)
    content = <p className="py-8 text-center text-muted-foreground">Вы не авторизованы!</p>;
  else if (players.isPending) content = <LoadingState text="Загрузка игроков..." padding="sm" />;
  else if (players.isError) {
    const error = players.error;
    // SPEC §8: 401 is «Вы не авторизованы!»; a refusal of the server names what failed to load.
    const message =
      error instanceof ApiError && error.status === 401
        ? 'Вы не авторизованы!'
        : error instanceof ApiError
          ? `Ошибка: Ошибка загрузки игроков: ${error.message}`
          : `Ошибка: ${error.message}`;
    content = (
      <p role="alert" className="py-8 text-center text-[#ff8a7d]">
        {message}
      </p>
    );
  } else if (found.length === 0)
    content = <p className="py-8 text-center text-muted-foreground">Игроков не найдено</p>;
  else
    content = (
      <ul className="divide-y divide-white/6 rounded-md border border-white/8 bg-black/30">
        {found.map((nick, index) => (
          <li key={`${nick}-${index}`} className="truncate px-3 py-2 text-sm">
            {nick}
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <DialogBody className="flex flex-col gap-3">
        <div className="relative">
          <Search
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            aria-label="Поиск по нику"
            placeholder="Поиск по нику..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="max-h-80 min-h-40 overflow-y-auto">{content}</div>
      </DialogBody>
      <DialogFooter justify="between" className="items-center">
        <p className="text-sm text-muted-foreground">
          {isAuthenticated && players.isPending
            ? 'Загрузка количества... (возможно, кэш мешает)'
            : `Всего игроков: ${players.data?.total ?? 0} | Найдено: ${found.length}`}
        </p>
        <DialogClose asChild>
          <Button variant="secondary">Закрыть</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

export function PlayersDialog({
  server,
  isAuthenticated,
  onOpenChange,
}: {
  server: PublicServer;
  isAuthenticated: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{server.name}</DialogTitle>
          <DialogDescription>
            {server.ip}:{server.port}
          </DialogDescription>
        </DialogHeader>
        <PlayersList server={server} isAuthenticated={isAuthenticated} />
      </DialogContent>
    </Dialog>
  );
}
