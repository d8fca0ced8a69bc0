import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '@/lib/toast';
import { useRealtimeSocket } from '@/lib/realtime-socket';
import type { ConnectionStatus } from '@/lib/socket';
import { tokenStorage } from '@/lib/token-storage';
import { openConsoleStream } from './console-stream';
import { streamLines, type NewLine } from './rcon-log';

export const CONSOLE_CONNECT_ERROR = 'Не удалось подключиться к консоли';

/**
 * The picked server's live console on the app's shared socket (no second connection): lines go to
 * onLines as the log shows them; picking another server subscribes to that one instead. null: none.
 */
export function useConsoleStream(
  serverId: number | null,
  onLines: (lines: NewLine[]) => void,
): ConnectionStatus {
  const socket = useRealtimeSocket();
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const emit = useEffectEvent((lines: NewLine[]) => onLines(lines));

  useEffect(() => {
    const token = tokenStorage.get();
    if (!socket || serverId === null || !token) return;
    const close = openConsoleStream(
      socket,
      { token, serverId },
      {
        onStatus: setStatus,
        onLine: (line) => {
          const lines = streamLines(line);
          if (lines.length > 0) emit(lines);
        },
        onError: (message) => {
          emit([{ kind: 'error', text: `[ERROR] ${CONSOLE_CONNECT_ERROR}: ${message}` }]);
          toast.error(CONSOLE_CONNECT_ERROR, { description: message });
        },
      },
    );
    return () => {
      close();
      setStatus('disconnected');
    };
  }, [socket, serverId]);

  return socket && serverId !== null ? status : 'disconnected';
}
