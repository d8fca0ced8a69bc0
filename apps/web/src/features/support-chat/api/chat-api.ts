import { chatMessageSchema, chatUnreadSchema, type ChatMessage } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { chatKeys } from '../chat-keys';

export const HISTORY_ERROR = 'Не удалось загрузить историю чата';
export const SEND_ERROR = 'Не удалось отправить сообщение';

/** The player's own conversation, oldest first; reading it clears the unread mark on the server. */
export async function fetchHistory(userId: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  return z.array(chatMessageSchema).parse(await api.get(`/chat/history/${userId}`, { signal }));
}

/** The author is the session's user on the server; the text is all that counts. */
export async function sendChatMessage(
  author: { id: number; username: string; avatar: string | null },
  message: string,
): Promise<ChatMessage> {
  return chatMessageSchema.parse(
    await api.post('/chat/send', {
      userId: String(author.id),
      username: author.username,
      avatar: author.avatar,
      message,
    }),
  );
}

/** Staff replies not read yet: the toggle's red ring on page load. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: async ({ signal }) =>
      chatUnreadSchema.parse(await api.get('/chat/unread', { signal })).unread,
    enabled,
    staleTime: 60_000,
  });
}
