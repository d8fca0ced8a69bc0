import type { ConnectionStatus } from '@/lib/socket';
import { cn } from '@/lib/cn';

const labels: Record<ConnectionStatus, string> = {
  connected: 'Консоль: в эфире',
  connecting: 'Консоль: подключение…',
  disconnected: 'Консоль: не подключена',
};

/** The live console's state: a dot (green live, amber joining, red off) and the words for it. */
export function ConsoleStatus({ status }: { status: ConnectionStatus }) {
  return (
    <span
      role="status"
      data-status={status}
      className="inline-flex items-center gap-2 text-xs text-muted-foreground"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'connected' && 'bg-success shadow-[0_0_6px_1px] shadow-success/60',
          status === 'connecting' && 'animate-pulse bg-warning motion-reduce:animate-none',
          status === 'disconnected' && 'bg-destructive',
        )}
      />
      {labels[status]}
    </span>
  );
}
