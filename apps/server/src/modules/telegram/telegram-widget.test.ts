import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { createSessionsRepository } from '../auth/sessions-repository';
import { startMessengerShop, type MessengerShop } from '../../test-support/messenger-shop';
import { createAccount } from '../../test-support/sign-in';
import { widgetPayload } from '../../test-support/telegram-accounts';
import { TELEGRAM_LINK_MESSAGES } from './telegram-links';

/**
 * The Login Widget with data-auth-url (https://core.telegram.org/widgets/login): once the person
 * confirms, Telegram sends the browser to that address with id, first_name, username, photo_url,
 * auth_date and hash appended to its query; widgetPayload signs them as Telegram does.
 */
let world: MessengerShop;
const app = () => world.app();

beforeAll(async () => {
  world = await startMessengerShop();
});
afterAll(() => world?.close());

type Headers = { authorization: string };
type Player = { id: number; headers: Headers };
let nextTelegramId = 7100;

async function askState(headers: Headers): Promise<{ state: string; authUrl: string }> {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/telegram/link/widget-state',
    headers,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const { authUrl } = reply.json<{ authUrl: string }>();
  return { authUrl, state: new URL(authUrl).searchParams.get('state')! };
}

/** Telegram's redirect: the browser follows it with no Authorization header (a plain navigation). */
async function telegramSendsBack(state: string, payload: Record<string, string | number>) {
  const query = new URLSearchParams({ state, ...payload } as Record<string, string>);
  const reply = await app().inject({ url: `/api/telegram/link/widget?${query.toString()}` });
  expect(reply.statusCode).toBe(303);
  return new URL(reply.headers.location as string).search;
}

const finish = (headers: Headers | Record<string, never>, state: string) =>
  app().inject({ method: 'POST', url: '/api/telegram/link/widget', headers, payload: { state } });

const linkedTo = async (player: Player) =>
  (await app().inject({ url: '/api/telegram/link', headers: player.headers })).json().linked;

const person = () => ({ id: nextTelegramId++, first_name: 'Коля', username: 'kolya' });

describe('linking by the Login Widget redirect', () => {
  it("gives an address on the shop's PUBLIC_URL with a fresh state, and no state to a guest", async () => {
    const player = await createAccount(app(), world.shop.config);
    const { authUrl, state } = await askState(player.headers);
    expect(authUrl).toBe(`${app().telegram.publicUrl}/api/telegram/link/widget?state=${state}`);
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await askState(player.headers)).state).not.toBe(state);
    const guest = await app().inject({ method: 'POST', url: '/api/telegram/link/widget-state' });
    expect(guest.statusCode).toBe(401);
  });

  it('links on the session that asked, once, journaled, and sends back no field', async () => {
    const player = await createAccount(app(), world.shop.config);
    const who = person();
    const { state } = await askState(player.headers);
    const back = await telegramSendsBack(state, widgetPayload(who));
    expect(back).toBe('?telegram=confirm');
    const done = await finish(player.headers, state);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().linked).toMatchObject({ telegramId: String(who.id), username: 'kolya' });
    const journal = await queryRows<{ action: string; after: string }>(
      app().db,
      sql`select action, after from audit_log where target_id = ${String(player.id)}`,
    );
    expect(journal).toEqual([
      {
        action: 'telegram.link',
        after: JSON.stringify({ telegramId: String(who.id), username: 'kolya' }),
      },
    ]);
    // Used: neither the finish nor Telegram's redirect works with it again.
    expect((await finish(player.headers, state)).json().message).toBe(
      TELEGRAM_LINK_MESSAGES.stateBad,
    );
    expect(await telegramSendsBack(state, widgetPayload(person()))).toBe('?telegram=error');
  });

  it('links nothing without the session, on another session, or with another user’s state', async () => {
    const player = await createAccount(app(), world.shop.config);
    const other = await createAccount(app(), world.shop.config);
    const { state } = await askState(player.headers);
    expect(await telegramSendsBack(state, widgetPayload(person()))).toBe('?telegram=confirm');

    expect((await finish({}, state)).statusCode).toBe(401);
    const stranger = await finish(other.headers, state);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(TELEGRAM_LINK_MESSAGES.stateBad);
    // The same account signed in elsewhere (another browser) is not the browser that started it.
    const { token } = await createSessionsRepository(app().db, world.shop.config).issue(player.id);
    expect((await finish({ authorization: `Bearer ${token}` }, state)).statusCode).toBe(409);

    expect(await linkedTo(player)).toBeNull();
    expect(await linkedTo(other)).toBeNull();
  });

  it('holds nothing for a wrong hash, an old auth_date, an unknown or expired state', async () => {
    const player = await createAccount(app(), world.shop.config);
    const who = person();
    const { state } = await askState(player.headers);
    const forged = { ...widgetPayload(who), username: 'admin' };
    expect(await telegramSendsBack(state, forged)).toBe('?telegram=error');
    const old = widgetPayload(who, Math.floor(Date.now() / 1000) - 2 * 86_400);
    expect(await telegramSendsBack(state, old)).toBe('?telegram=error');
    expect(await telegramSendsBack(state, { ...widgetPayload(who), hash: 'nothex' })).toBe(
      '?telegram=error',
    );
    expect(await telegramSendsBack('made-up-state', widgetPayload(who))).toBe('?telegram=error');
    expect((await finish(player.headers, state)).statusCode).toBe(409);

    const late = await askState(player.headers);
    await app().db.execute(
      sql`update telegram_link_codes set expires_at = now() - interval '1 second' where user_id = ${player.id}`,
    );
    expect(await telegramSendsBack(late.state, widgetPayload(who))).toBe('?telegram=error');
    expect((await finish(player.headers, late.state)).statusCode).toBe(409);
    expect(await linkedTo(player)).toBeNull();
  });

  it('sends odd addresses back with ?telegram=error, never a 5xx', async () => {
    for (const query of ['', 'state=a&state=b', `state=${'x'.repeat(5000)}`]) {
      const reply = await app().inject({ url: `/api/telegram/link/widget?${query}` });
      expect(reply.statusCode, query).toBe(303);
      expect(reply.headers.location).toMatch(/\/profile\?telegram=error$/);
    }
    // A NUL byte anywhere is refused before any route, as everywhere in the API.
    const nul = await app().inject({ url: '/api/telegram/link/widget?state=%00&id=1' });
    expect(nul.statusCode).toBe(400);
    const player = await createAccount(app(), world.shop.config);
    expect((await finish(player.headers, '\u0000'.repeat(10))).statusCode).toBe(400);
    expect((await finish(player.headers, 'é'.repeat(200))).statusCode).toBe(409);
  });

  it('keeps the first account Telegram vouched for, and the deep link refuses a widget state', async () => {
    const player = await createAccount(app(), world.shop.config);
    const first = person();
    const { state } = await askState(player.headers);
    expect(await telegramSendsBack(state, widgetPayload(first))).toBe('?telegram=confirm');
    expect(await telegramSendsBack(state, widgetPayload(person()))).toBe('?telegram=error');
    expect(await app().telegram.links.spendCode(state)).toBeUndefined();
    expect((await finish(player.headers, state)).json().linked.telegramId).toBe(String(first.id));
  });
});
