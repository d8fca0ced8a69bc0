/**
 * What a linked player may be told of in Telegram; each is on until they switch it off. Kept free
 * of zod so the profile page that lists them does not download the schema library.
 */
export const PLAYER_NEWS = ['delivered', 'gift', 'vip_ending', 'support_reply'] as const;
export type PlayerNews = (typeof PLAYER_NEWS)[number];
export const PLAYER_NEWS_LABELS: Record<PlayerNews, string> = {
  delivered: '«Выдано»: покупка доставлена на сервер',
  gift: 'Вам пришёл подарок',
  vip_ending: 'VIP закончится через 3 дня',
  support_reply: 'Ответ поддержки',
};
