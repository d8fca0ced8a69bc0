import { NOTIFICATION_EVENTS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN_STEAM_ID } from '../../config';
import {
  DEMO_STAFF_CHAT,
  DEMO_TELEGRAM_PEOPLE,
} from '../../integrations/telegram/fake-telegram-page';
import { addDestinationIfMissing } from '../notifications/notifications-plugin';
import { createTelegramLinks } from '../telegram/telegram-links';
import { createUsersRepository } from '../users/users-repository';

/**
 * The demo's Telegram: when the shop talks to the built-in stand-in, its staff group hears of every
 * event, and «Админ Демо»'s Telegram is linked, so a reply from the stand-in's page answers the
 * player in the site's chat (README, «Telegram и ВКонтакте»).
 */
export async function seedDemoTelegram(app: FastifyInstance) {
  if (!app.telegram.config.standIn) return;
  await addDestinationIfMissing(app, {
    channel: 'telegram',
    target: String(DEMO_STAFF_CHAT.id),
    name: DEMO_STAFF_CHAT.title,
    events: [...NOTIFICATION_EVENTS],
  });
  const admin = await createUsersRepository(app.db).findBySteamId(DEMO_ADMIN_STEAM_ID);
  const person = DEMO_TELEGRAM_PEOPLE[0]!;
  const links = createTelegramLinks(app.db);
  if (admin && !(await links.byUser(admin.id))) {
    await links.link(admin.id, String(person.id), person.username ?? null);
  }
}
