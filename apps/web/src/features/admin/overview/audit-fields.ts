/**
 * Russian names of the fields the journal's before/after hold: the catalogue entities' own fields
 * (a created or deleted product, server, sale or promo code is recorded whole) and the keys the
 * server's other journal rows write. A key not listed shows as recorded.
 */
const fieldLabels: Record<string, string> = {
  // Shared by several entities.
  id: 'ID',
  name: 'Название',
  description: 'Описание',
  category: 'Категория',
  status: 'Статус',
  isActive: 'Активен',
  createdAt: 'Создан',
  serverId: 'Сервер',
  serverName: 'Сервер',
  // Product.
  originalName: 'Оригинальное название',
  gameItemName: 'Игровое название',
  kitItems: 'Состав набора',
  gameItemId: 'ID предмета',
  server: 'Сервер',
  price: 'Цена',
  quantity: 'Количество',
  image: 'Картинка',
  shownImage: 'Показанная картинка',
  popular: 'Популярный',
  inStock: 'В наличии',
  personalUserId: 'Подарок игроку',
  vipTier: 'Уровень VIP',
  vipDays: 'Дней VIP',
  wipeBlockHours: 'Блок после вайпа, ч',
  untilWipe: 'До вайпа',
  originalPrice: 'Цена без скидки',
  salePercent: 'Скидка, %',
  saleEndsAt: 'Конец скидки',
  availableAt: 'Доступен с',
  serverOffers: 'Цены по серверам',
  commands: 'Команды',
  revokeCommands: 'Команды отзыва',
  // Server.
  ip: 'IP',
  port: 'Порт',
  map: 'Карта',
  playersOnline: 'Игроков онлайн',
  maxPlayers: 'Мест',
  isPluginEnabled: 'Плагин',
  lastWipeAt: 'Последний вайп',
  nextWipeAt: 'Следующий вайп',
  rconPort: 'RCON-порт',
  rconPassword: 'RCON-пароль',
  pluginKey: 'Ключ плагина',
  statusOverride: 'Статус вручную',
  lastCheckedAt: 'Проверен',
  lastError: 'Последняя ошибка',
  wipeSchedule: 'Расписание вайпов',
  every: 'Период',
  weekday: 'День недели',
  time: 'Время',
  timeZone: 'Часовой пояс',
  anchor: 'Опорная дата',
  keyId: 'Ключ',
  // Sale.
  percent: 'Скидка, %',
  target: 'Товары',
  all: 'Все товары',
  productIds: 'Товары',
  startsAt: 'Начало',
  endsAt: 'Конец',
  afterWipeHours: 'Часов после вайпа',
  runningNow: 'Идёт сейчас',
  // Promo code.
  code: 'Код',
  discount: 'Скидка',
  type: 'Тип',
  usageLimit: 'Лимит',
  maxUses: 'Лимит',
  usageCount: 'Использований',
  expiresAt: 'Действует до',
  // Player: balance, rights, VIP, sessions, Discord.
  balance: 'Баланс',
  change: 'Изменение',
  isAdmin: 'Администратор',
  isOwner: 'Владелец',
  role: 'Роль',
  permissions: 'Разрешения',
  vipStatus: 'VIP',
  vipExpiresAt: 'VIP до',
  steamId: 'Steam ID',
  seconds: 'Секунд',
  servers: 'Серверы',
  sessionsEnded: 'Сессий завершено',
  discordUserId: 'Discord ID',
  discordUsername: 'Discord',
  webhookId: 'Вебхук',
  events: 'События',
  enabled: 'Включён',
  // Orders, deliveries, payments.
  orderId: 'Заказ',
  deliveryId: 'Выдача',
  item: 'Предмет',
  refunded: 'Возвращено',
  reason: 'Причина',
  paymentId: 'Платёж',
  reversed: 'Отменено',
  source: 'Источник',
  vipTakenBack: 'VIP отозвано',
  // Console, wipes, imports and exports.
  command: 'Команда',
  reply: 'Ответ',
  sent: 'Запись об отправке',
  at: 'Время',
  revoked: 'Отозвано',
  file: 'Файл',
  files: 'Файлы',
  personalData: 'Личные данные',
  format: 'Формат',
  imported: 'Загружено',
  renamed: 'Переименовано',
  received: 'Получено',
  total: 'Всего',
  rows: 'Строк',
  credited: 'Зачислено',
  alreadyImported: 'Уже перенесено',
  playersCreated: 'Новых игроков',
  created: 'Создано',
  existing: 'Уже были',
  // Site settings.
  version: 'Версия',
  restoredFrom: 'Из версии',
};

export const auditFieldLabel = (key: string) => fieldLabels[key] ?? key;

/** What the «Объект» column calls a target that has no name of its own. */
const targetTypeLabels: Record<string, string> = {
  user: 'Игрок',
  server: 'Сервер',
  product: 'Товар',
  sale: 'Распродажа',
  promocode: 'Промокод',
  chat: 'Чат',
  discord: 'Discord',
  'discord-webhook': 'Вебхук',
  'item-table': 'Таблица предметов',
  balances: 'Балансы',
  shop: 'Магазин',
  site: 'Сайт',
};

/** The target's name when the entry has one, else its kind and number («Игрок №12»). */
export function auditTarget(entry: {
  targetType: string;
  targetId: string | null;
  targetName: string | null;
}): string {
  if (entry.targetName) return entry.targetName;
  const kind = targetTypeLabels[entry.targetType] ?? entry.targetType;
  return entry.targetId ? `${kind} №${entry.targetId}` : kind;
}
