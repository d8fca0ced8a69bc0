import { RefreshCw } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ConnectionStatus } from '@/lib/socket';
import { useConnectionStatus } from '../realtime-provider';

const labels: Record<ConnectionStatus, string> = {
  connected: 'Соединение: подключено',
  disconnected: 'Соединение: отключено',
  connecting: 'Соединение: подключение…',
};

/**
 * SPEC §4 live indicator: green when joined, red when closed, a spinning refresh icon while
 * (re)connecting. The state is in the label (and the tooltip), not only in the colour.
 */
export function ConnectionIndicator({ className }: { className?: string }) {
  const status = useConnectionStatus();
  const label = labels[status];
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      data-status={status}
      className={cn('inline-flex size-6 shrink-0 items-center justify-center', className)}
    >
      {status === 'connecting' ? (
        <RefreshCw className="size-3.5 animate-spin text-warning" aria-hidden="true" />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'relative flex size-2.5 rounded-full',
            status === 'connected'
              ? 'bg-success shadow-[0_0_8px_2px] shadow-success/60'
              : 'bg-destructive shadow-[0_0_8px_2px] shadow-destructive/50',
          )}
        >
          {status === 'connected' && (
            <span className="absolute inset-0 animate-ping rounded-full bg-success opacity-40 motion-reduce:hidden" />
          )}
        </span>
      )}
    </span>
  );
}
