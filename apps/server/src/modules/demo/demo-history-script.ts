/**
 * Who the demo's month of history is about and what they said. These players are not on the demo's
 * sign-in page: a visitor who signs in starts with an empty account of their own, while the admin
 * sees a community that has been buying for a month.
 */

export const HISTORY_PLAYERS = [
  { steamId: '76561198000000101', username: 'Stalker_77', joinedDaysAgo: 29 },
  { steamId: '76561198000000102', username: 'Оля_Травница', joinedDaysAgo: 27 },
  { steamId: '76561198000000103', username: 'KRAB', joinedDaysAgo: 26 },
  { steamId: '76561198000000104', username: 'Dimon_Rust', joinedDaysAgo: 20 },
  { steamId: '76561198000000105', username: 'Ghost_404', joinedDaysAgo: 15 },
  { steamId: '76561198000000106', username: 'Tanya_Raid', joinedDaysAgo: 11 },
  { steamId: '76561198000000107', username: 'Lesnik', joinedDaysAgo: 6 },
  { steamId: '76561198000000108', username: 'Zhenya_Pro', joinedDaysAgo: 2 },
] as const;

/** Codes the admin made at the start of the month; a visitor may activate them too. */
export const HISTORY_PROMOCODES = [
  {
    createdDaysAgo: 28,
    input: {
      code: 'WELCOME50',
      discount: 50,
      type: 'fixed',
      usageLimit: 500,
      description: '50 ₽ на баланс новым игрокам',
      category: 'Новичкам',
    },
  },
  {
    createdDaysAgo: 28,
    input: {
      code: 'RUSTY20',
      discount: 20,
      type: 'percentage',
      usageLimit: 200,
      description: '+20% к следующему пополнению',
      category: 'Акция',
    },
  },
];

type Line = [minutes: number, who: 'player' | 'staff', text: string];

/** One conversation in each state the admin's chat tabs show: closed, open (answered), unanswered. */
export const HISTORY_CHATS: Array<{
  player: string;
  daysAgo: number;
  minutesAgo: number;
  lines: Line[];
  closedAfterMinutes?: number;
}> = [
  {
    player: 'Ghost_404',
    daysAgo: 12,
    minutesAgo: 300,
    lines: [
      [0, 'player', 'Здравствуйте! Купил АК, а в инвентаре его не вижу.'],
      [6, 'staff', 'Добрый вечер! Выдача прошла в 19:42, проверьте рюкзак и пояс.'],
      [9, 'player', 'Нашёл, был в рюкзаке. Спасибо!'],
      [10, 'staff', 'Рады помочь, удачной игры!'],
    ],
    closedAfterMinutes: 15,
  },
  {
    player: 'Zhenya_Pro',
    daysAgo: 1,
    minutesAgo: 240,
    lines: [
      [0, 'player', 'Когда следующий вайп на Solo/Duo/Trio?'],
      [12, 'staff', 'В четверг в 18:00 по Москве, как обычно.'],
    ],
  },
  {
    player: 'Tanya_Raid',
    daysAgo: 0,
    minutesAgo: 25,
    lines: [[0, 'player', 'Здравствуйте! Можно перенести подаренную дверь на другой сервер?']],
  },
];
