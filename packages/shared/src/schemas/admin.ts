import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { dbIdSchema, INT32_MAX } from './common';
import { VIP_NONE } from '../constants';
import { VIP_TIER_KEY } from '../site/site-content';
import { userSchema } from './user';

/** Russian texts of the admin's users, moderation and audit calls (SPEC §5, §8). */
export const ADMIN_MESSAGES = {
  balanceNotNumber: 'Баланс должен быть числом',
  balanceNegative: 'Баланс не может быть отрицательным',
  balanceKopecks: 'Баланс: не больше двух знаков после запятой',
  balanceTooLarge: 'Баланс не может превышать 10 000 000 ₽',
  balanceWouldGoNegative:
    'Баланс игрока изменился и не может стать отрицательным. Обновите данные.',
  reasonRequired: 'Укажите причину изменения баланса',
  reasonTooLong: 'Причина: не больше 200 символов',
  unknownVipTier: 'Неизвестный уровень VIP',
  vipExpiryRequired: 'Укажите, до какого числа действует VIP',
  vipExpiryPast: 'Срок VIP должен быть в будущем',
  vipServerRequired: 'Выберите сервер, на котором выдать VIP',
  selfDemotion: 'Нельзя снять права администратора с самого себя',
  ownerProtected:
    'С владельцем магазина может действовать только владелец: баланс, возвраты, муты, баны, сеансы и роль.',
  ownerStaysAdmin:
    'Владелец всегда администратор. Чтобы снять права, уберите его из ADMIN_STEAM_IDS и перезапустите магазин.',
  onlyOwnerSetsAdmins: 'Назначать и снимать администраторов может только владелец магазина',
  signedOutEverywhere: 'Пользователь вышел на всех устройствах',
  userNotFound: 'Пользователь не найден',
  userUpdated: 'Пользователь обновлен',
  moderationFields: 'Выберите сервер и укажите причину',
  muteDuration: 'Укажите длительность мута (дни или минуты)',
  muteDone: 'Мут успешно выдан',
  unmuteDone: 'Мут снят',
  banDone: 'Бан успешно выдан',
  unbanDone: 'Бан снят',
  noServers: 'Нет серверов для этой команды',
} as const;

export const MONEY_MAX_ROUBLES = 10_000_000;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 50;
const REASON_MAX = 200;
/** Line breaks and other control characters have no place in a one-line reason. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const NO_CONTROL_MESSAGE = 'Причина не должна содержать переводы строк и управляющие символы';

/** System stats of SPEC §3, plus users registered today and the server count behind "N из M". */
export const systemStatsSchema = z.object({
  totalUsers: z.number().int(),
  todayUsers: z.number().int(),
  onlineUsers: z.number().int(),
  totalOrders: z.number().int(),
  todayOrders: z.number().int(),
  /** Orders whose delivery is not finished yet (waiting, being given, or failed). */
  pendingOrders: z.number().int(),
  totalRevenue: z.number(),
  todayRevenue: z.number(),
  activeServers: z.number().int(),
  totalServers: z.number().int(),
  totalProducts: z.number().int(),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

const revenueWindowSchema = z.object({ revenue: z.number(), count: z.number().int() });

/**
 * Money taken per window of calendar days in the shop's time zone: paid orders, delivered or not,
 * less refunds.
 */
export const revenueStatsSchema = z.object({
  total: revenueWindowSchema,
  today: revenueWindowSchema,
  sevenDays: revenueWindowSchema,
  fourteenDays: revenueWindowSchema,
  thirtyDays: revenueWindowSchema,
  /** The last 30 days one by one, oldest first, days without sales included (for the chart). */
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), count: z.number().int() })),
  timeZone: z.string(),
});
export type RevenueStats = z.infer<typeof revenueStatsSchema>;

/** Paid top-ups per day, newest first. `paymentCount` is the same figure under SPEC §3's name. */
export const paymentStatsSchema = z.array(
  z.object({
    date: z.string(),
    count: z.number().int(),
    paymentCount: z.number().int(),
    totalAmount: z.number(),
  }),
);
export type PaymentStats = z.infer<typeof paymentStatsSchema>;

export const adminUsersQuerySchema = z.object({
  query: z
    .string()
    .regex(NO_CONTROL, 'Запрос не должен содержать управляющие символы')
    .trim()
    .max(64, 'Слишком длинный запрос')
    .optional()
    .default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_USERS_PAGE_SIZE),
  /** `staff=1`: owners, admins and moderators only (the role editor's list). */
  staff: z.stringbool({ error: 'staff: 1 или 0' }).optional().default(false),
});

export const adminUsersPageSchema = z.object({
  users: z.array(userSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

const roublesField = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : value;
  const roubles = typeof text === 'string' && text !== '' ? Number(text) : text;
  if (typeof roubles !== 'number' || !Number.isFinite(roubles)) {
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.balanceNotNumber });
    return z.NEVER;
  }
  if (roubles < 0) ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.balanceNegative });
  else if (roubles > MONEY_MAX_ROUBLES)
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.balanceTooLarge });
  else if (!hasAtMostTwoDecimals(roubles))
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.balanceKopecks });
  return roubles;
});

/**
 * `PUT /admin/users/:id` (SPEC §7). `previousBalance` is the balance the admin's form showed: the
 * change is then applied as the difference, so a purchase made meanwhile is not undone.
 */
export const adminUserUpdateSchema = z.object({
  balance: roublesField.optional(),
  previousBalance: roublesField.optional(),
  isAdmin: z.boolean().optional(),
  vipStatus: z
    .string()
    .nullable()
    .optional()
    .refine(
      // Which tiers exist is the owner's setting: the server checks; this keeps the shape.
      (tier) => tier == null || tier === VIP_NONE || VIP_TIER_KEY.test(tier),
      ADMIN_MESSAGES.unknownVipTier,
    ),
  vipExpiresAt: z.iso
    .datetime({ offset: true, error: 'Неверная дата окончания VIP' })
    .nullable()
    .optional(),
  /** Where a VIP granted by hand is applied; defaults to the server of the running VIP. */
  vipServerId: dbIdSchema.nullable().optional(),
  reason: z
    .string()
    .max(REASON_MAX, ADMIN_MESSAGES.reasonTooLong)
    .regex(NO_CONTROL, NO_CONTROL_MESSAGE)
    .trim()
    .optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

const moderationReason = z
  .string({ error: ADMIN_MESSAGES.moderationFields })
  .regex(NO_CONTROL, NO_CONTROL_MESSAGE)
  .trim()
  .min(1, ADMIN_MESSAGES.moderationFields)
  .max(REASON_MAX, ADMIN_MESSAGES.reasonTooLong);
const moderationServer = z.coerce
  .number({ error: ADMIN_MESSAGES.moderationFields })
  .int(ADMIN_MESSAGES.moderationFields)
  .positive(ADMIN_MESSAGES.moderationFields)
  .max(INT32_MAX, ADMIN_MESSAGES.moderationFields);
const serverOrAll = z.union([z.literal('all'), moderationServer], {
  error: ADMIN_MESSAGES.moderationFields,
});
const durationPart = (max: number) =>
  z.coerce
    .number({ error: ADMIN_MESSAGES.muteDuration })
    .int(ADMIN_MESSAGES.muteDuration)
    .min(0, ADMIN_MESSAGES.muteDuration)
    .max(max, ADMIN_MESSAGES.muteDuration)
    .optional()
    .default(0);

export const muteSchema = z
  .object({
    serverId: moderationServer,
    reason: moderationReason,
    days: durationPart(3650),
    minutes: durationPart(525_600),
  })
  .refine((mute) => mute.days + mute.minutes > 0, { message: ADMIN_MESSAGES.muteDuration });
export const unmuteSchema = z.object({ serverId: moderationServer });
export const banSchema = z.object({ serverId: serverOrAll, reason: moderationReason });
export const unbanSchema = z.object({ serverId: serverOrAll });

/** What each game server answered to a moderation command. */
export const moderationReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(
    z.object({
      serverId: z.number().int(),
      serverName: z.string(),
      status: z.enum(['ok', 'unknown', 'unavailable']),
      output: z.string(),
    }),
  ),
});
export type ModerationReply = z.infer<typeof moderationReplySchema>;

export const auditQuerySchema = z.object({
  actor: dbIdSchema.optional(),
  target: z
    .string()
    .regex(NO_CONTROL, 'Запрос не должен содержать управляющие символы')
    .trim()
    .max(64)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** 1: verify the chain from its first entry, not from the last verified one. */
  full: z
    .enum(['0', '1'], { error: 'Параметр full принимает только 0 или 1' })
    .optional()
    .transform((value) => value === '1'),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  chain: z.object({
    verified: z.boolean(),
    checked: z.number().int(),
    /** The first row whose hash or link does not match, when the chain is broken. */
    brokenAt: z.number().int().nullable(),
    /** Whether this check walked the whole chain (`?full=1`, or no trusted checkpoint yet). */
    full: z.boolean(),
    /** Entries whose hashes this check computed: from the last verified entry on, unless full. */
    walked: z.number().int(),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
