import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { AdminSection } from './admin-section';

export interface ConsoleServer {
  id: number;
  name: string;
  status: string;
}

/** The console frame: only online servers can be picked; the live stream plugs in through onRun. */
export function RconTab({
  servers,
  lines = [],
  onRun,
  onClear,
}: {
  servers: readonly ConsoleServer[];
  lines?: readonly string[];
  onRun?: (serverId: number, command: string) => void;
  onClear?: () => void;
}) {
  const online = servers.filter((server) => server.status === 'online');
  const [serverId, setServerId] = useState<string>('');
  const [command, setCommand] = useState('');
  const canRun = Boolean(onRun && serverId && command.trim());

  const run = () => {
    if (!canRun || !onRun) return;
    onRun(Number(serverId), command.trim());
    setCommand('');
  };

  return (
    <AdminSection
      title="Консоль RCON"
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={onClear}
          disabled={!onClear || lines.length === 0}
        >
          <Trash2 aria-hidden="true" />
          Очистить
        </Button>
      }
    >
      <div className="grid gap-3 md:grid-cols-[16rem_1fr_auto]">
        <Select value={serverId} onValueChange={setServerId} disabled={online.length === 0}>
          <SelectTrigger aria-label="Сервер">
            <SelectValue
              placeholder={online.length === 0 ? 'Серверы не найдены' : 'Выберите сервер'}
            />
          </SelectTrigger>
          <SelectContent>
            {online.map((server) => (
              <SelectItem key={server.id} value={String(server.id)}>
                {server.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          aria-label="Команда RCON"
          placeholder="Например: status"
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') run();
          }}
          className="font-mono"
        />
        <Button onClick={run} disabled={!canRun}>
          <Play aria-hidden="true" />
          Выполнить
        </Button>
      </div>
      <pre
        role="log"
        aria-label="Журнал консоли"
        aria-live="polite"
        className="mt-4 h-[60vh] overflow-y-auto rounded-lg border border-white/8 bg-black/80 p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-[#c8e6c9]"
      >
        {lines.join('\n')}
      </pre>
    </AdminSection>
  );
}
