import { z } from 'zod';
import { errorMessages } from '../messages';
import { isSafeText } from '../text-rules';
import { dbIdSchema } from './common';
import { deliveryStatusSchema, orderSchema } from './orders';

export const chatStatuses = ['open', 'unanswered', 'closed'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

export const CHAT_MESSAGE_MAX_LENGTH = 2_000;
export const CHAT_HISTORY_PAGE_SIZE = 100;

export const chatErrors = {
  blank: 'Сообщение не может быть пустым',
  tooLong: `Сообщение длиннее ${CHAT_MESSAGE_MAX_LENGTH} символов`,
  controlCharacters: errorMessages.unsafeText,
  tooFast: 'Слишком много сообщений. Подождите несколько секунд и отправьте снова.',
  notFound: 'Чат не найден',
  userNotFound: 'Пользователь не найден',
  /** SPEC §8: the admin's reply could not go out. */
  replyFailed: 'Не удалось отправить сообщение. Проверьте подключение или выберите чат.',
} as const;

/** A chat message's text: trimmed, not blank, at most 2,000 characters, no control characters. */
export const chatTextSchema = z
  .string({ error: chatErrors.blank })
  .refine((text) => isSafeText(text, { multiline: true }), chatErrors.controlCharacters)
  .transform((text) => text.trim())
  .pipe(z.string().min(1, chatErrors.blank).max(CHAT_MESSAGE_MAX_LENGTH, chatErrors.tooLong));

/**
 * POST /chat/send. The author is always the session's user: `userId`, `username` and `avatar` are
 * accepted so that older clients keep working, and ignored.
 */
export const chatSendSchema = z.object({
  userId: z.unknown().optional(),
  username: z.unknown().optional(),
  avatar: z.unknown().optional(),
  message: chatTextSchema,
});

/** CHAT MESSAGE: one shape in every reply and event. `userId` is the player whose chat it is. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  message: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistoryQuerySchema = z.object({
  /** A message id: the page ends just before it (for "older messages"). */
  before: dbIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE_SIZE).optional(),
});

export const chatListQuerySchema = z.object({
  status: z.enum(chatStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** CHAT SUMMARY, with what the staff needs to pick the next chat. */
export const chatSummarySchema = z.object({
  userId: z.number().int(),
  status: z.enum(chatStatuses),
  username: z.string(),
  avatar: z.string().nullable(),
  steamId: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageIsAdmin: z.boolean(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatListSchema = z.object({
  chats: z.array(chatSummarySchema),
  counts: z.object({ open: z.number(), unanswered: z.number(), closed: z.number() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ChatList = z.infer<typeof chatListSchema>;

export const chatStatusUpdateSchema = z.object({ status: z.enum(chatStatuses) });

export const chatUnreadSchema = z.object({ unread: z.number().int() });

/** One delivery of an order as the staff sees it: what the game server was told, and how it went. */
export const supportDeliverySchema = z.object({
  id: z.string(),
  itemName: z.string(),
  status: deliveryStatusSchema,
  method: z.enum(['rcon', 'plugin']),
  /** The last console command sent (or about to be sent); null for plugin deliveries. */
  lastCommand: z.string().nullable(),
  /** The game's answer as the shop read it: why it waits or failed; null when delivered. */
  lastResult: z.string().nullable(),
  attempts: z.number().int(),
});

/** GET /admin/users/:id/support-context: "where is my item" answered without leaving the chat. */
export const supportContextSchema = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable(),
    steamId: z.string(),
    balance: z.number(),
    vipStatus: z.string(),
    vipExpiresAt: z.string().nullable(),
    vipActive: z.boolean(),
  }),
  orders: z.array(
    orderSchema
      .pick({ id: true, createdAt: true, total: true, items: true, serverName: true, status: true })
      .extend({
        delivery: orderSchema.shape.delivery,
        deliveries: z.array(supportDeliverySchema),
      }),
  ),
  topUps: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SupportContext = z.infer<typeof supportContextSchema>;
