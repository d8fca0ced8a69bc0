import { chatStatuses, type ChatStatus } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/lib/toast';
import { useChatList } from '../api/support-chats';
import { useSupportChatSocket } from '../use-support-chat-socket';
import { AdminSection } from '../../shared/components/admin-section';
import { ChatConversation } from './chat-conversation';
import { ChatList } from './chat-list';
import { SupportContextPanel } from './support-context-panel';

/** SPEC §2 tab 7 sub-tabs; `empty` is the list's empty text and its informational toast (SPEC §8). */
export const chatFilters: Record<ChatStatus, { label: string; empty: string }> = {
  open: { label: 'Новые', empty: 'Нет новых чатов' },
  unanswered: { label: 'Неотвеченные', empty: 'Нет неотвеченных чатов' },
  closed: { label: 'Закрытые', empty: 'Нет закрытых чатов' },
};

/**
 * SPEC §2 tab 7: the conversations by status with counts, the list at left, the conversation with
 * a reply box, and beside it the player's balance, VIP and recent orders. New messages arrive live.
 */
export function ChatsTab() {
  const [status, setStatus] = useState<ChatStatus>('unanswered');
  const [selected, setSelected] = useState<{ userId: number; username: string } | null>(null);
  const list = useChatList(status);
  const { reply } = useSupportChatSocket();
  const counts = list.data?.counts;
  const chat = list.data?.chats.find((item) => item.userId === selected?.userId) ?? null;
  useEmptyListNotice(status, list.isPlaceholderData ? undefined : list.data?.chats.length);

  return (
    <AdminSection title="Чаты поддержки">
      <Tabs value={status} onValueChange={(value) => setStatus(value as ChatStatus)}>
        <TabsList aria-label="Фильтр чатов" layout="grid" className="grid-cols-3 sm:flex sm:w-fit">
          {chatStatuses.map((value) => (
            <TabsTrigger key={value} value={value} compact className="sm:flex-none">
              {chatFilters[value].label}
              {counts && (
                <span className="rounded-full bg-black/30 px-1.5 text-xs tabular-nums">
                  {counts[value]}
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent
          value={status}
          compact
          className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)_18rem]"
        >
          <ChatList
            query={list}
            empty={chatFilters[status].empty}
            selected={selected?.userId ?? null}
            onSelect={(item) => setSelected({ userId: item.userId, username: item.username })}
            onRemoved={(userId) =>
              setSelected((current) => (current?.userId === userId ? null : current))
            }
          />
          <div className="grid min-w-0 gap-4 lg:col-start-2 xl:contents">
            <ChatConversation
              userId={selected?.userId ?? null}
              username={selected?.username ?? null}
              status={chat?.status ?? null}
              reply={reply}
            />
            {selected && <SupportContextPanel userId={selected.userId} />}
          </div>
        </TabsContent>
      </Tabs>
    </AdminSection>
  );
}

/**
 * SPEC §8: a chat list that loads empty tells so in an informational toast, once per visit of a
 * filter: the list refreshes live, and a toast on every refresh would bury the admin.
 */
function useEmptyListNotice(status: ChatStatus, count: number | undefined) {
  const told = useRef<ChatStatus | null>(null);
  useEffect(() => {
    if (count === undefined) return;
    if (count > 0) {
      if (told.current === status) told.current = null;
      return;
    }
    if (told.current === status) return;
    told.current = status;
    toast.info(chatFilters[status].empty);
  }, [status, count]);
}
