import type { User } from './schemas/user';

/**
 * Plain values of the shared vocabulary, without a schema library: the player web imports these on
 * its first paint, while the schemas (and zod) load only with the forms that validate input.
 */

export const VIP_NONE = 'no VIP';
export const vipTiers = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const;
export type VipTier = (typeof vipTiers)[number];

/** VIP is active when a tier is set and its expiry lies in the future. */
export function isVipActive(
  user: Pick<User, 'vipStatus' | 'vipExpiresAt'>,
  now: Date = new Date(),
): boolean {
  if (!user.vipStatus || user.vipStatus === VIP_NONE || !user.vipExpiresAt) return false;
  return new Date(user.vipExpiresAt).getTime() > now.getTime();
}

/** SPEC's isPluginEnabled: 0 delivers by RCON, 1 by the game-server plugin, 2 hides the server from buyers. */
export const deliveryModes = { rcon: 0, plugin: 1, hidden: 2 } as const;
export type DeliveryMethod = keyof typeof deliveryModes;

/**
 * What a server's isPluginEnabled means, read in one place. An unknown number reads as RCON, the
 * column's default, so a stray value never hides a server nor routes goods to a plugin.
 */
export function deliveryMethodOf(server: { isPluginEnabled: number }): DeliveryMethod {
  if (server.isPluginEnabled === deliveryModes.plugin) return 'plugin';
  if (server.isPluginEnabled === deliveryModes.hidden) return 'hidden';
  return 'rcon';
}

/**
 * How a job queued for this server is handed out: the plugin fetches its own jobs, every other
 * server (a hidden one still receives what was bought before it was hidden) is given over RCON.
 */
export function jobMethodOf(server: { isPluginEnabled: number }): 'plugin' | 'rcon' {
  return deliveryMethodOf(server) === 'plugin' ? 'plugin' : 'rcon';
}

/**
 * The reason a plugin delivery shows while its items are in the player's inventory and the game has
 * not saved the world yet: given, and settled at the next world save.
 */
export const AWAITING_SAVE_REASON = 'Выдано в игре, ждёт сохранения мира';

export const orderStatuses = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** SPEC §4: completed 'Завершён', pending 'В обработке', anything else 'Отменён'. */
export function orderStatusLabel(status: string): string {
  if (status === 'completed') return 'Завершён';
  if (status === 'pending') return 'В обработке';
  return 'Отменён';
}

/** Shop categories in the order the filters show them, with their Russian labels. */
export const productCategories = {
  weapons: 'Оружие',
  tools: 'Инструменты',
  resources: 'Ресурсы',
  clothing: 'Одежда',
  building: 'Строительство',
  ammunition: 'Боеприпасы',
  medical: 'Медицина',
  food: 'Еда',
  kits: 'Наборы',
  vip: 'VIP',
  miscellaneous: 'Разное',
} as const;
export type ProductCategory = keyof typeof productCategories;

export const TOP_UP_MIN = 10;
export const TOP_UP_MAX = 15000;
export const CART_TOP_UP_MIN = 30;
export const SBP_METHOD_ID = 44;
export const BASE_BONUS_PERCENT = 10;

export const PROMO_PATTERN = /^[A-Z0-9-]{4,20}$/;
export const PROMO_FORMAT_MESSAGE =
  'Промокод должен содержать только заглавные буквы, цифры и дефисы (4-20 символов)';

/**
 * Money calls carry an `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header Field"): one
 * fresh key per user action, the same key on every retry of it, so a lost reply never charges twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a reply that repeats the stored outcome of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The address fragment key that carries a one-time sign-in code back from Steam: `/#signin=CODE`. */
export const SIGN_IN_FRAGMENT = 'signin';
/**
 * The random state a browser makes when it starts a sign-in (`/api/auth/steam?state=…`), keeps in
 * sessionStorage and sends with the code: a sign-in started elsewhere cannot finish in it.
 */
export const SIGN_IN_STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
