import type { ChatMessage } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from '../chat-keys';

export const HISTORY_ERROR = 'Не удалось загрузить историю чата';
export const SEND_ERROR = 'Не удалось отправить сообщение';
/** SPEC §8: a live message whose history refresh the server refused. */
export const REFRESH_ERROR = 'Не удалось загрузить сообщение';
/** SPEC §8: the shop could not be reached at all. */
export const NETWORK_ERROR = 'Ошибка связи';

// Replies are checked against the shared schemas by the server before they are sent; the chat
// toggle is on every signed-in page, so a schema library here would weigh on every first load.

/** The player's own conversation, oldest first; reading it clears the unread mark on the server. */
export function fetchHistory(userId: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  return api.get<ChatMessage[]>(`/chat/history/${userId}`, { signal });
}

/** The author is the session's user on the server; the text is all that counts. */
export function sendChatMessage(
  author: { id: number; username: string; avatar: string | null },
  message: string,
): Promise<ChatMessage> {
  return api.post<ChatMessage>('/chat/send', {
    userId: String(author.id),
    username: author.username,
    avatar: author.avatar,
    message,
  });
}

/** Staff replies not read yet: the toggle's red ring on page load. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: async ({ signal }) =>
      (await api.get<{ unread: number }>('/chat/unread', { signal })).unread,
    enabled,
    staleTime: 60_000,
  });
}
