import { auditFieldLabel } from './audit-fields';

/** Russian names of the audit log's actions; an action not listed shows as recorded. */
const actionLabels: Record<string, string> = {
  'user.balance': 'Баланс',
  'user.admin': 'Права администратора',
  'user.role': 'Роль',
  'user.vip': 'VIP',
  'order.refund': 'Возврат денег',
  'order.hold_cancel': 'Удержанный заказ отменён',
  'order.hold_release': 'Удержанный заказ выдан',
  'payment.partial_refund_settled': 'Частичный возврат учтён',
  'moderation.mute': 'Мут',
  'moderation.unmute': 'Снятие мута',
  'moderation.ban': 'Бан',
  'moderation.unban': 'Снятие бана',
  'server.create': 'Сервер добавлен',
  'server.update': 'Сервер изменён',
  'server.delete': 'Сервер удалён',
  'server.plugin-key': 'Новый ключ плагина',
  'server.wipe': 'Вайп отмечен',
  'server.console.sent': 'Команда консоли отправлена',
  'server.console': 'Команда консоли',
  'delivery.retry': 'Повтор выдачи',
  'items.shipped': 'Таблица предметов загружена',
  'items.shipped-names': 'Названия предметов обновлены',
  'items.plugin-sync': 'Предметы от плагина',
  'product.create': 'Товар добавлен',
  'product.update': 'Товар изменён',
  'product.flags': 'Товар скрыт/показан',
  'product.delete': 'Товар удалён',
  'sale.create': 'Распродажа создана',
  'sale.update': 'Распродажа изменена',
  'sale.delete': 'Распродажа удалена',
  'promocode.create': 'Промокод создан',
  'promocode.delete': 'Промокод удалён',
  'items.import': 'Импорт предметов',
  'products.import': 'Импорт товаров',
  'balances.import': 'Перенос балансов',
  'data.export': 'Выгрузка данных',
  'backup.restore': 'Восстановление из копии',
  'chat.status': 'Статус чата',
  'chat.delete': 'Чат удалён',
  'user.logout_everywhere': 'Выход на всех устройствах',
  'user.owner': 'Права владельца',
  'auth.sign_in': 'Вход администратора',
  'payment.reverse': 'Отмена пополнения',
  'payment.methods': 'Способы оплаты',
  'discord.link': 'Discord привязан',
  'discord.unlink': 'Discord отвязан',
  'discord.roles': 'Роли Discord',
  'discord.webhook.create': 'Вебхук добавлен',
  'discord.webhook.update': 'Вебхук изменён',
  'discord.webhook.delete': 'Вебхук удалён',
  'telegram.link': 'Telegram привязан',
  'telegram.unlink': 'Telegram отвязан',
  'chat.reply.telegram': 'Ответ игроку из Telegram',
  'notifications.destination.create': 'Получатель уведомлений добавлен',
  'notifications.destination.delete': 'Получатель уведомлений удалён',
  'notifications.retry': 'Уведомление отправлено снова',
  'site.update': 'Сайт изменён',
  'site.image': 'Картинка сайта',
  'site.restore': 'Возврат к версии сайта',
};

export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

/**
 * An id beside the name it stands for says nothing more: `serverId` next to `serverName`,
 * `discordUserId` next to `discordUsername`, `id` next to `name` or `code` (or, at the top, next to
 * the entry's own name in the «Объект» column).
 */
function namedId(key: string, object: Record<string, unknown>, named: boolean): boolean {
  if (key === 'id') return named || 'name' in object || 'code' in object;
  if (!key.endsWith('Id')) return false;
  const stem = key.slice(0, -2);
  return `${stem}Name` in object || `${stem}name` in object;
}

function flat(value: unknown, named = false): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  if (typeof value !== 'object') return '—';
  if (Array.isArray(value)) return value.map((inner) => flat(inner)).join(', ');
  const object = value as Record<string, unknown>;
  return Object.entries(object)
    .filter(([key]) => !namedId(key, object, named))
    .map(([key, inner]) => `${auditFieldLabel(key)}: ${flat(inner)}`)
    .join('; ');
}

/**
 * 'Баланс: 10 → Баланс: 25' for the table, fields by their Russian names; long values are cut with
 * an ellipsis. `named`: the entry has a target name, so a bare `id` beside it is left out.
 */
export function describeChange(
  before: unknown,
  after: unknown,
  { max = 160, named = false }: { max?: number; named?: boolean } = {},
): string {
  const text =
    before === null || before === undefined
      ? flat(after, named)
      : after === null || after === undefined
        ? flat(before, named)
        : `${flat(before, named)} → ${flat(after, named)}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
