import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeTelegram } from './fake-telegram';
import { FAKE_TELEGRAM } from './fake-telegram';

/** What the Login Widget hands the page, signed as Telegram signs it with the bot's token. */
export function widgetPayload(
  user: { id: number; first_name: string; username?: string },
  authDate = Math.floor(Date.now() / 1000),
  token = FAKE_TELEGRAM.token,
) {
  const fields: Record<string, string | number> = { ...user, auth_date: authDate };
  const lines = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(lines).digest('hex') };
}

/**
 * A shop account linked the deep-link way: the profile asks for a link, the person opens it in
 * Telegram (which sends the bot `/start <code>`), and the shop reads the update.
 */
export async function linkByDeepLink(
  app: FastifyInstance,
  telegram: FakeTelegram,
  headers: { authorization: string },
  person: { id: number; first_name: string; username?: string },
) {
  const reply = await app.inject({ method: 'POST', url: '/api/telegram/link/code', headers });
  if (reply.statusCode !== 200) throw new Error(reply.body);
  const url = new URL(reply.json<{ url: string }>().url);
  const code = url.searchParams.get('start')!;
  telegram.state.userSays({ from: person, chatId: person.id, text: `/start ${code}` });
  await app.telegram.pollOnce();
  return { url: url.toString(), code };
}
