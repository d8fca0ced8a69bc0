import type { ChatList as ChatListData, ChatSummary } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Lock, MessagesSquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { chatTime } from '@/components/chat-message-bubble';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/user-avatar';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeleteChat, useSetChatStatus } from '../api/support-chats';

/** The conversations of one status, newest first, each with «Закрыть» and «Удалить». */
export function ChatList({
  query,
  empty,
  selected,
  onSelect,
  onRemoved,
}: {
  query: UseQueryResult<ChatListData>;
  empty: string;
  selected: number | null;
  onSelect: (chat: ChatSummary) => void;
  onRemoved: (userId: number) => void;
}) {
  const setStatus = useSetChatStatus();
  const remove = useDeleteChat();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);

  const close = async (chat: ChatSummary) => {
    try {
      await setStatus.mutateAsync({ userId: chat.userId, status: 'closed' });
      toast.success('Успешно', { description: 'Чат закрыт' });
    } catch (error) {
      toast.error('Ошибка', { description: `Не удалось закрыть чат: ${errorText(error, '')}` });
    }
  };
  const confirmDelete = async (chat: ChatSummary) => {
    try {
      await remove.mutateAsync(chat.userId);
      onRemoved(chat.userId);
      toast.success('Успешно', { description: 'Чат удален' });
    } catch (error) {
      toast.error('Ошибка', { description: `Не удалось удалить чат: ${errorText(error, '')}` });
    } finally {
      setDeleting(null);
    }
  };

  let content: React.ReactNode;
  if (query.isPending) content = <LoadingState text="Загрузка чатов..." padding="md" />;
  else if (query.isError)
    content = (
      <EmptyState tone="error" title={`Не удалось загрузить чаты: ${query.error.message}`} />
    );
  else if (query.data.chats.length === 0)
    content = <EmptyState icon={<MessagesSquare />} title={empty} padding="md" />;
  else
    content = (
      <ul aria-label="Чаты" className="flex flex-col gap-1.5">
        {query.data.chats.map((chat) => (
          <li
            key={chat.userId}
            className={cn(
              'rounded-lg border transition-colors',
              selected === chat.userId
                ? 'border-primary/60 bg-primary/10'
                : 'border-white/8 bg-black/30',
            )}
          >
            <button
              type="button"
              onClick={() => onSelect(chat)}
              aria-current={selected === chat.userId ? 'true' : undefined}
              className="flex w-full cursor-pointer items-start gap-2.5 px-3 pt-2.5 text-left"
            >
              <UserAvatar src={chat.avatar} name={chat.username} className="size-9" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-2">
                  <span className="truncate font-semibold text-white">{chat.username}</span>
                  {chat.unreadCount > 0 && (
                    <span
                      className="ml-auto rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground tabular-nums"
                      aria-label={`Непрочитанных: ${chat.unreadCount}`}
                    >
                      {chat.unreadCount}
                    </span>
                  )}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {chat.lastMessageIsAdmin ? 'Вы: ' : ''}
                  {chat.lastMessage ?? '—'}
                </span>
                <span className="text-[11px] text-muted-foreground/70">
                  {chatTime(chat.lastMessageAt)} · {chat.steamId}
                </span>
              </span>
            </button>
            <div className="flex justify-end gap-1 px-2 pb-1.5">
              {chat.status !== 'closed' && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Закрыть чат ${chat.username}`}
                  onClick={() => void close(chat)}
                >
                  <Lock aria-hidden="true" />
                  Закрыть
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost-destructive"
                aria-label={`Удалить чат ${chat.username}`}
                onClick={() => setDeleting(chat)}
              >
                <Trash2 aria-hidden="true" />
                Удалить
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="min-w-0">
      {content}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить чат?"
        description={
          deleting
            ? `Переписка с ${deleting.username} будет удалена без возможности восстановления.`
            : undefined
        }
        confirmLabel="Удалить"
        busy={remove.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </div>
  );
}
