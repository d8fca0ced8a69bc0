import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle, MessageCircleWarning, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { CHAT_TOGGLE_CLASS } from '@/components/chat-toggle-style';
import { cn } from '@/lib/cn';
import { useRealtimeSocket } from '@/lib/realtime-socket';
import { listenForSupportChatOpen } from '@/lib/support-chat-bus';
import { STEPPED_ASIDE, useScrollingDown } from '@/lib/use-scrolling-down';
import { useUnreadCount } from '../api/chat-api';
import { chatKeys } from '../chat-keys';
import type { ChatAuthor } from '../chat-messages';

// The panel, its list and its socket handling load when the chat is first opened, not with the page.
const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * SPEC §2 support chat, for signed-in users on every page: a round toggle bottom-right that pulses
 * red while a staff reply is unread, and the «Техподдержка» panel. Other pages open it (with an
 * order number filled in) through lib/support-chat-bus.
 */
export function SupportChatWidget({ user }: { user: ChatAuthor }) {
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const [open, setOpen] = useState(false);
  const scrollingDown = useScrollingDown();
  const [loaded, setLoaded] = useState(false);
  const [prefill, setPrefill] = useState<{ text: string; at: number } | null>(null);
  const [liveUnread, setLiveUnread] = useState(false);
  const stored = useUnreadCount(true);

  const show = () => {
    setOpen(true);
    setLoaded(true);
    setLiveUnread(false);
    queryClient.setQueryData(chatKeys.unread, 0);
  };
  const openFromPage = useEffectEvent((text: string) => {
    setPrefill({ text, at: Date.now() });
    show();
  });
  const onStaffReply = useEffectEvent(() => {
    if (!open) setLiveUnread(true);
  });

  useEffect(() => listenForSupportChatOpen((text) => openFromPage(text)), []);

  useEffect(() => {
    if (!socket) return;
    const onReply = () => onStaffReply();
    socket.on('newAdminMessage', onReply);
    return () => {
      socket.off('newAdminMessage', onReply);
    };
  }, [socket]);

  const unread = !open && (liveUnread || (stored.data ?? 0) > 0);
  const label = open
    ? 'Закрыть чат поддержки'
    : unread
      ? 'Открыть чат поддержки: новый ответ'
      : 'Открыть чат поддержки';

  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel user={user} open={open} prefill={prefill} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        onClick={() => (open ? setOpen(false) : show())}
        className={cn(
          CHAT_TOGGLE_CLASS,
          open && 'max-[479px]:hidden',
          unread ? 'bg-destructive' : 'bg-primary',
          // While someone reads down the page it leaves what is under it, unless it has news.
          scrollingDown && !open && !unread && STEPPED_ASIDE,
        )}
      >
        {unread && (
          <span
            aria-hidden="true"
            className="absolute inset-0 animate-ping rounded-full ring-4 ring-destructive/80"
          />
        )}
        {open ? (
          <X className="size-6" aria-hidden="true" />
        ) : unread ? (
          <MessageCircleWarning className="size-6" aria-hidden="true" />
        ) : (
          <MessageCircle className="size-6" aria-hidden="true" />
        )}
      </button>
    </>
  );
}
