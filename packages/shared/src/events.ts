/** Socket.IO events of the shop's realtime channel (SPEC §7, DESIGN §9), for server and web alike. */
export interface ServerToClientEvents {
  joined: (data: { userId: number }) => void;
  balanceUpdate: (data: { balance: number }) => void;
  newAdminMessage: (data: { messageId: number }) => void;
  newMessage: (data: {
    id: number;
    message: string;
    timestamp: string;
    isAdmin: boolean;
    username: string;
    avatar: string | null;
    userId: number;
  }) => void;
  server_log: (data: { serverId: number; timestamp: string; message: string }) => void;
  error: (data: { message: string }) => void;
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
