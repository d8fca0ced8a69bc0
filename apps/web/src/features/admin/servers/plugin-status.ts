import type { ServerPluginStatus } from '@shop/shared';

/**
 * The plugin renews its long poll at least every 25 s, players online or not (unless its owner
 * turned AutoDeliver off), so two minutes of silence means it is not running or cannot reach the
 * shop: the admin's cue to look at the game server.
 */
export const PLUGIN_SILENT_AFTER_MS = 2 * 60_000;

/** How many failed deliveries the panel lists before «Показать все». */
export const FAILED_SHOWN = 3;

/** «Плагин 2.0.0», or that it never spoke to the shop. */
export function pluginTitle(status: Pick<ServerPluginStatus, 'version' | 'lastSeenAt'>): string {
  if (status.version) return `Плагин ${status.version}`;
  return status.lastSeenAt ? 'Плагин' : 'Плагин не подключался';
}

/** «12 с», «3 мин», «5 ч», «2 дн.»: the largest whole unit. */
function elapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} с`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ч`;
  return `${Math.floor(hours / 24)} дн.`;
}

/**
 * The plugin's last contact as «связь 12 с назад», and whether it has been silent too long; null
 * when it never made one. A time ahead of this browser's clock reads as just now.
 */
export function lastContact(
  lastSeenAt: string | null,
  now: number,
): { text: string; silent: boolean } | null {
  const at = lastSeenAt === null ? Number.NaN : Date.parse(lastSeenAt);
  if (Number.isNaN(at)) return null;
  const ago = Math.max(0, now - at);
  return {
    text: ago < 1000 ? 'связь только что' : `связь ${elapsed(ago)} назад`,
    silent: ago > PLUGIN_SILENT_AFTER_MS,
  };
}

/** Why a delivery failed, as the plugin said it. */
export function failureText(reason: string | null): string {
  return reason ? `Ошибка: ${reason}` : 'Ошибка выдачи';
}

/**
 * A VIP tier whose group the game server lacks is paid and never granted: the plugin fails its
 * deliveries until the group exists, so the admin hears of it before a player buys.
 */
export function missingGroupsText(groups: readonly string[]): string {
  const names = groups.map((group) => `«${group}»`).join(', ');
  const create = groups.map((group) => `oxide.group add ${group}`).join('; ');
  return groups.length === 1
    ? `На сервере нет группы ${names} для VIP-статуса: выдача этого статуса не пройдёт. Создайте её в консоли сервера: ${create}`
    : `На сервере нет групп ${names} для VIP-статусов: выдача этих статусов не пройдёт. Создайте их в консоли сервера: ${create}`;
}
