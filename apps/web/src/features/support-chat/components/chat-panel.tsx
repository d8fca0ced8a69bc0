import type { ChatMessage } from '@shop/shared';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { Headset, MessagesSquare, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ChatMessageBubble } from '@/components/chat-message-bubble';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRealtimeSocket } from '@/lib/realtime-socket';
import {
  fetchHistory,
  HISTORY_ERROR,
  NETWORK_ERROR,
  REFRESH_ERROR,
  SEND_ERROR,
  sendChatMessage,
} from '../api/chat-api';
import { chatKeys } from '../chat-keys';
import {
  mergeMessages,
  settlePending,
  type ChatAuthor,
  type PendingMessage,
} from '../chat-messages';
import { ChatComposer } from '@/components/chat-composer';

/** SPEC §7: history refreshes after live events are debounced by this much. */
const REFRESH_DEBOUNCE_MS = 500;

let localIds = 0;

/** The «Техподдержка» panel: the conversation, newest at the bottom, and the message box. */
export default function ChatPanel({
  user,
  open,
  prefill,
  onClose,
}: {
  user: ChatAuthor;
  open: boolean;
  prefill: { text: string; at: number } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const key = chatKeys.history(user.id);
  const history = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchHistory(user.id, signal),
    enabled: open,
  });
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const confirm = (message: ChatMessage) => {
    queryClient.setQueryData<ChatMessage[]>(key, (current) =>
      mergeMessages(current ?? [], [message]),
    );
    setPending((current) => settlePending(current, message));
  };

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRefresh = () => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      // The message is shown already; a failed re-read only tells the player it may be stale.
      queryClient.refetchQueries({ queryKey: key }, { throwOnError: true }).catch((error) => {
        if (isCancelledError(error)) return; // a newer re-read took its place
        toast.error('Ошибка', {
          description: error instanceof ApiError ? REFRESH_ERROR : NETWORK_ERROR,
        });
      });
    }, REFRESH_DEBOUNCE_MS);
  };
  // Live messages: shown at once, then the history is re-read (which also marks them read).
  const onLive = useEffectEvent((message: ChatMessage) => {
    if (message.userId !== user.id) return;
    confirm(message);
    if (open) scheduleRefresh();
  });
  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: ChatMessage) => onLive(message);
    socket.on('newMessage', onMessage);
    socket.on('newAdminMessage', onMessage);
    return () => {
      socket.off('newMessage', onMessage);
      socket.off('newAdminMessage', onMessage);
      clearTimeout(refreshTimer.current);
    };
  }, [socket]);

  const deliver = async (item: PendingMessage) => {
    setSendError(null);
    try {
      confirm(await sendChatMessage(user, item.text));
    } catch (error) {
      setPending((current) =>
        current.map((p) => (p.localId === item.localId ? { ...p, state: 'failed' } : p)),
      );
      setSendError(error instanceof ApiError ? errorText(error, SEND_ERROR) : NETWORK_ERROR);
    }
  };
  const send = (text: string) => {
    localIds += 1;
    const item: PendingMessage = {
      localId: `local-${localIds}`,
      text,
      state: 'sending',
      createdAt: new Date().toISOString(),
    };
    setPending((current) => [...current, item]);
    void deliver(item);
  };
  const retry = (item: PendingMessage) => {
    setPending((current) =>
      current.map((p) => (p.localId === item.localId ? { ...p, state: 'sending' } : p)),
    );
    void deliver({ ...item, state: 'sending' });
  };

  const messages = history.data ?? [];
  const count = messages.length + pending.length;
  useEffect(() => {
    const list = listRef.current;
    if (open && list) list.scrollTop = list.scrollHeight;
  }, [open, count]);

  return (
    <section
      role="dialog"
      aria-label="Техподдержка"
      hidden={!open}
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-popover min-[480px]:inset-auto min-[480px]:right-4 min-[480px]:bottom-20 min-[480px]:h-96 min-[480px]:w-80 min-[480px]:rounded-xl min-[480px]:border min-[480px]:border-white/12 min-[480px]:shadow-[0_30px_80px_-20px_rgb(0_0_0/0.95)]"
    >
      <header className="flex shrink-0 items-center gap-2.5 border-b border-white/10 bg-black/40 px-3 py-2.5">
        <span className="flex size-8 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Headset className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-display text-base leading-tight font-bold tracking-wide text-white uppercase">
            Техподдержка
          </h2>
          <p className="truncate text-[11px] text-muted-foreground">Ответим здесь же</p>
        </div>
        <Button variant="ghost" size="icon-sm" aria-label="Закрыть чат" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </header>

      {history.isPending && open ? (
        <LoadingState text="Загрузка сообщений..." padding="none" className="flex-1" />
      ) : history.isError && messages.length === 0 ? (
        <div className="flex flex-1 items-center p-3">
          <EmptyState
            tone="error"
            padding="sm"
            className="w-full"
            title={HISTORY_ERROR}
            action={
              <Button size="sm" variant="secondary" onClick={() => void history.refetch()}>
                Повторить
              </Button>
            }
          />
        </div>
      ) : count === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center text-sm text-muted-foreground">
          <MessagesSquare className="size-8 text-accent" aria-hidden="true" />
          <p className="font-semibold text-foreground">Чем помочь?</p>
          <p>Опишите вопрос. Если речь о заказе, укажите его номер.</p>
        </div>
      ) : (
        <ol
          ref={listRef}
          aria-label="Сообщения"
          aria-live="polite"
          className="flex flex-1 flex-col gap-3 overflow-y-auto overscroll-contain px-3 py-3"
        >
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message} mine={!message.isAdmin} />
          ))}
          {pending.map((item) => (
            <ChatMessageBubble
              key={item.localId}
              mine
              state={item.state}
              onRetry={() => retry(item)}
              message={{
                username: user.username,
                avatar: user.avatar,
                message: item.text,
                isAdmin: false,
                createdAt: item.createdAt,
              }}
            />
          ))}
        </ol>
      )}

      <ChatComposer
        autoFocus={open}
        prefill={prefill}
        error={sendError}
        onSend={send}
        placeholder="Напишите сообщение..."
      />
    </section>
  );
}
