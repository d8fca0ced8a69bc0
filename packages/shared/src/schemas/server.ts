import { z } from 'zod';
import { wipeScheduleSchema } from './wipes';

export const serverStatuses = ['online', 'offline', 'restarting', 'maintenance'] as const;
export type ServerStatus = (typeof serverStatuses)[number];

export const DEFAULT_RCON_PORT = 28016;
export const DEFAULT_MAX_PLAYERS = 100;

/** What anyone may see of a game server: no RCON address details, password or plugin key. */
export const publicServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(serverStatuses),
  ip: z.string(),
  port: z.number().int(),
  map: z.string(),
  playersOnline: z.number().int(),
  maxPlayers: z.number().int(),
  isPluginEnabled: z.number().int(),
  /** The last wipe the shop knows of (seen by the monitor or marked by an admin), ISO or null. */
  lastWipeAt: z.string().nullable(),
  /** The next wipe by the server's schedule, ISO or null when it has none. */
  nextWipeAt: z.string().nullable(),
});
export type PublicServer = z.infer<typeof publicServerSchema>;

export const adminServerSchema = publicServerSchema.extend({
  rconPort: z.number().int(),
  rconPassword: z.string(),
  pluginKey: z.string(),
  /** Set by an admin (maintenance, restarting); the monitor keeps it until cleared. */
  statusOverride: z.enum(['maintenance', 'restarting']).nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  wipeSchedule: wipeScheduleSchema.nullable(),
});
export type AdminServer = z.infer<typeof adminServerSchema>;

const REQUIRED = 'Заполните обязательные поля (название, IP, порт)';

/** SPEC §5: empty or invalid rconPort and maxPlayers fall back to their defaults. */
const withDefault = (fallback: number, max: number) =>
  z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= max
      ? number
      : fallback;
  }, z.number().int());

export const serverInputSchema = z.object({
  name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(64, 'Название не длиннее 64 символов'),
  ip: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(253, 'Слишком длинный адрес')
    .regex(/^[A-Za-z0-9.-]+$/, 'IP-адрес или имя хоста указаны неверно'),
  port: z.coerce
    .number({ error: REQUIRED })
    .int('Порт должен быть целым числом')
    .min(1, 'Порт должен быть от 1 до 65535')
    .max(65535, 'Порт должен быть от 1 до 65535'),
  rconPort: withDefault(DEFAULT_RCON_PORT, 65535).optional().default(DEFAULT_RCON_PORT),
  maxPlayers: withDefault(DEFAULT_MAX_PLAYERS, 10_000).optional().default(DEFAULT_MAX_PLAYERS),
  map: z.string().trim().max(64).optional().default(''),
  description: z
    .string()
    .trim()
    .max(500, 'Описание не длиннее 500 символов')
    .optional()
    .default(''),
  rconPassword: z.string().max(128, 'Пароль RCON не длиннее 128 символов').optional().default(''),
  isPluginEnabled: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.boolean()])
    .optional()
    .default(0)
    .transform((value) => (typeof value === 'boolean' ? Number(value) : value)),
  status: z.enum(serverStatuses).optional(),
  /** null: no schedule (the next wipe is not predicted); left out: unchanged on edit, none on create. */
  wipeSchedule: wipeScheduleSchema.nullable().optional(),
});
export type ServerInput = z.input<typeof serverInputSchema>;

export const serverPlayersSchema = z.object({
  nicks: z.array(z.string()),
  total: z.number().int(),
});

export const rconCommandSchema = z.object({
  command: z
    .string({ error: 'Команда RCON не указана или неверного формата' })
    .trim()
    .min(1, 'Команда RCON не указана или неверного формата')
    .max(1000, 'Команда RCON слишком длинная'),
});

export const rconReplySchema = z.object({
  status: z.enum(['ok', 'unknown', 'unavailable']),
  output: z.string(),
});

export const metricsSchema = z.object({
  cpu: z.number(),
  ram: z.number(),
});
