import type { ChatMessage } from './schemas/chat';
import type { GiftReceivedEvent } from './schemas/gifts';

/** Socket.IO events of the shop's realtime channel (SPEC §7, DESIGN §9), for server and web alike. */
export interface ServerToClientEvents {
  joined: (data: { userId: number }) => void;
  balanceUpdate: (data: { balance: number }) => void;
  /** To the player whose chat it is: a staff reply (the widget's unread mark). */
  newAdminMessage: (data: ChatMessage & { messageId: number }) => void;
  /** To every admin (and the player's own tabs): a new message in a support chat. */
  newMessage: (data: ChatMessage) => void;
  server_log: (data: { serverId: number; timestamp: string; message: string }) => void;
  error: (data: { message: string }) => void;
  /** To a gift's recipient, on every tab they have open. */
  giftReceived: (data: GiftReceivedEvent) => void;
  /**
   * To every tab of a user whose sessions were all ended («Выйти на всех устройствах», by the
   * player or an admin): the tab forgets the user at once and shows that it is signed out.
   */
  signedOut: (data: { reason: 'everywhere' }) => void;
}

export interface ClientToServerEvents {
  join: (data: { userId: number | string; token: string; username?: string }) => void;
  adminJoin: (data: { token: string; serverId?: number | string }) => void;
  rconStream: (data: { serverId: number | string }) => void;
  adminSendMessage: (data: {
    userId?: number | string;
    targetUserId: number | string;
    message: string;
  }) => void;
}

export const REALTIME_ERRORS = {
  badSession: 'Сессия недействительна. Войдите снова.',
  notAdmin: 'Недостаточно прав',
  badRequest: 'Неверные данные',
  tooMany: 'Слишком много запросов, попробуйте позже',
  failed: 'Не удалось выполнить действие. Попробуйте позже.',
} as const;
