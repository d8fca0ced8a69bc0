import { chatErrors, type ChatMessage } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeSocket } from '@/lib/realtime-socket';
import { toast } from '@/lib/toast';
import { tokenStorage } from '@/lib/token-storage';
import { adminKeys } from '../shared/admin-keys';

/** A staff reply that no `newMessage` confirmed in this time is reported as not sent. */
const REPLY_TIMEOUT_MS = 10_000;

/**
 * The «Чаты» tab on the app's shared socket: joins the admins' room (again after every reconnect),
 * shows every new message at once in the open conversation and refreshes the lists. `reply` sends
 * `adminSendMessage` and settles when the server echoes the stored reply, or with its error.
 */
export function useSupportChatSocket() {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    // One notice per outage: the socket retries by itself, every few seconds.
    let toldOutage = false;
    const join = () => {
      toldOutage = false;
      const token = tokenStorage.get();
      if (token) socket.emit('adminJoin', { token });
      else toast.error('Ошибка', { description: 'Токен отсутствует. Пожалуйста, войдите снова.' });
    };
    const onConnectError = () => {
      if (toldOutage) return;
      toldOutage = true;
      toast.error('Ошибка чата', {
        description: 'Не удалось подключиться к чату. Попробуем снова...',
      });
    };
    const onNew = (message: ChatMessage) => {
      queryClient.setQueryData<ChatMessage[]>(adminKeys.chatHistory(message.userId), (current) =>
        current && !current.some((known) => known.id === message.id)
          ? [...current, message]
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.chats });
    };
    socket.on('connect', join);
    socket.on('connect_error', onConnectError);
    socket.on('newMessage', onNew);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('connect_error', onConnectError);
      socket.off('newMessage', onNew);
    };
  }, [socket, queryClient]);

  const reply = (targetUserId: number, message: string) =>
    new Promise<ChatMessage>((resolve, reject) => {
      if (!socket?.connected) return reject(new Error(chatErrors.replyFailed));
      const done = () => {
        clearTimeout(timer);
        socket.off('newMessage', onEcho);
        socket.off('error', onError);
      };
      const onEcho = (echo: ChatMessage) => {
        if (!echo.isAdmin || echo.userId !== targetUserId || echo.message !== message) return;
        done();
        resolve(echo);
      };
      const onError = ({ message: refusal }: { message: string }) => {
        done();
        reject(new Error(refusal));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(chatErrors.replyFailed));
      }, REPLY_TIMEOUT_MS);
      socket.on('newMessage', onEcho);
      socket.on('error', onError);
      socket.emit('adminSendMessage', { targetUserId, message });
    });

  return { connected: socket?.connected ?? false, reply };
}
