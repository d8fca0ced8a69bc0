import type { ChatMessage, ChatStatus } from '@shop/shared';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ChatComposer } from '@/components/chat-composer';
import { ChatMessageBubble } from '@/components/chat-message-bubble';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useChatHistory } from '../api/support-chats';

const statusBadge: Record<
  ChatStatus,
  { label: string; variant: 'success' | 'warning' | 'secondary' }
> = {
  open: { label: 'Отвечен', variant: 'success' },
  unanswered: { label: 'Ждёт ответа', variant: 'warning' },
  closed: { label: 'Закрыт', variant: 'secondary' },
};

/** The selected conversation, staff replies on the right, and the reply box. */
export function ChatConversation({
  userId,
  username,
  status,
  reply,
}: {
  userId: number | null;
  username: string | null;
  status: ChatStatus | null;
  reply: (targetUserId: number, message: string) => Promise<ChatMessage>;
}) {
  const history = useChatHistory(userId);
  const [restore, setRestore] = useState<{ text: string; at: number } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const count = history.data?.length ?? 0;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, userId]);

  if (userId === null) {
    return (
      <EmptyState
        icon={<MessagesSquare />}
        title="Выберите чат"
        description="Переписка и данные игрока откроются здесь."
        className="min-h-80"
      />
    );
  }

  const send = async (text: string) => {
    try {
      await reply(userId, text);
    } catch (error) {
      // The text comes back into the box, so nothing typed is lost.
      setRestore({ text, at: Date.now() });
      toast.error('Ошибка чата', { description: (error as Error).message });
    }
  };

  return (
    <section
      aria-label={`Переписка с ${username ?? 'игроком'}`}
      className="flex h-[32rem] min-w-0 flex-col overflow-hidden rounded-xl border border-white/10 bg-black/35"
    >
      <header className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
        <h3 className="truncate font-semibold text-white">{username}</h3>
        {status && (
          <Badge variant={statusBadge[status].variant} className="ml-auto">
            {statusBadge[status].label}
          </Badge>
        )}
      </header>
      {history.isPending ? (
        <LoadingState text="Загрузка сообщений..." padding="none" className="flex-1" />
      ) : history.isError ? (
        <EmptyState
          tone="error"
          className="m-3 flex-1"
          title={`Не удалось загрузить историю чата: ${history.error.message}`}
        />
      ) : (
        <ol
          ref={listRef}
          aria-label="Сообщения"
          aria-live="polite"
          className="flex flex-1 flex-col gap-3 overflow-y-auto px-4 py-3"
        >
          {history.data.map((message) => (
            <ChatMessageBubble key={message.id} message={message} mine={message.isAdmin} />
          ))}
        </ol>
      )}
      <ChatComposer
        autoFocus={false}
        prefill={restore}
        error={null}
        onSend={(text) => void send(text)}
        placeholder="Ответ игроку..."
      />
    </section>
  );
}
