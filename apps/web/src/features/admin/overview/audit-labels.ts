/** Russian names of the audit log's actions; an action not listed shows as recorded. */
const actionLabels: Record<string, string> = {
  'user.balance': 'Баланс',
  'user.admin': 'Права администратора',
  'user.vip': 'VIP',
  'order.refund': 'Возврат денег',
  'moderation.mute': 'Мут',
  'moderation.unmute': 'Снятие мута',
  'moderation.ban': 'Бан',
  'moderation.unban': 'Снятие бана',
  'server.create': 'Сервер добавлен',
  'server.update': 'Сервер изменён',
  'server.delete': 'Сервер удалён',
  'server.plugin-key': 'Новый ключ плагина',
  'server.wipe': 'Вайп отмечен',
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
  'chat.status': 'Статус чата',
  'chat.delete': 'Чат удалён',
};

export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

function flat(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  if (typeof value !== 'object') return '—';
  if (Array.isArray(value)) return value.map(flat).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}: ${flat(inner)}`)
    .join('; ');
}

/** 'balance: 10 → balance: 25' for the table; long values are cut with an ellipsis. */
export function describeChange(before: unknown, after: unknown, max = 160): string {
  const text =
    before === null || before === undefined
      ? flat(after)
      : after === null || after === undefined
        ? flat(before)
        : `${flat(before)} → ${flat(after)}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
