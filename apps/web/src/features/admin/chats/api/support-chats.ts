import {
  chatListSchema,
  chatMessageSchema,
  supportContextSchema,
  type ChatStatus,
} from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** SPEC §8: what a conversation that did not come back as a list of messages says. */
const NOT_A_MESSAGE_LIST = 'Полученные данные не являются массивом сообщений';

/** SPEC §8: a failed chat list load is retried 5 times, 3 s apart, before it is shown. */
const LIST_RETRIES = 5;
const LIST_RETRY_MS = 3_000;

export function useChatList(status: ChatStatus) {
  return useQuery({
    queryKey: adminKeys.chatList(status),
    queryFn: async ({ signal }) =>
      chatListSchema.parse(await api.get(`/chat/history/all?status=${status}`, { signal })),
    placeholderData: (previous) => previous,
    // A refusal (4xx) will not change on a retry; only failures of the connection or the server do.
    retry: (failures, error) =>
      failures < LIST_RETRIES &&
      !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: LIST_RETRY_MS,
  });
}

export function useChatHistory(userId: number | null) {
  return useQuery({
    queryKey: adminKeys.chatHistory(userId ?? 0),
    queryFn: async ({ signal }) => {
      const reply = await api.get(`/chat/history/${userId}`, { signal });
      if (!Array.isArray(reply)) throw new Error(NOT_A_MESSAGE_LIST);
      return z.array(chatMessageSchema).parse(reply);
    },
    enabled: userId !== null,
  });
}

export function useSupportContext(userId: number | null) {
  return useQuery({
    queryKey: adminKeys.supportContext(userId ?? 0),
    queryFn: async ({ signal }) =>
      supportContextSchema.parse(
        await api.get(`/admin/users/${userId}/support-context`, { signal }),
      ),
    enabled: userId !== null,
  });
}

export function useSetChatStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: number; status: ChatStatus }) =>
      api.post(`/chat/update-status/${userId}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.chats }),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/chat/delete/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.chats }),
  });
}
