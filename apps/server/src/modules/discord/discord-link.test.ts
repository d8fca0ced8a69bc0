import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { linkThroughDiscord } from '../../test-support/discord-link-flow';
import { startFakeDiscord, type FakeDiscord } from '../../test-support/fake-discord';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DISCORD_LINK_MESSAGES } from './discord-link-routes';

let discord: FakeDiscord;
let shop: TestApp;
const [first, second] = ['200000000000000001', '200000000000000002'];

beforeAll(async () => {
  discord = await startFakeDiscord();
  shop = await createTestApp(discord.env);
});
afterAll(async () => {
  await shop?.close();
  await discord?.close();
});

const linkView = async (headers: { authorization: string }) =>
  (await shop.app.inject({ url: '/api/discord/link', headers })).json<{
    available: boolean;
    linked: { username: string } | null;
  }>();

const journal = (action: string) =>
  queryRows<{ target_id: string; after: string | null; before: string | null }>(
    shop.app.db,
    sql`select target_id, after, before from audit_log where action = ${action} order by id`,
  );

describe('Discord linking', () => {
  it('links through OAuth2 with the browser’s state, shows the name, journals it, and unlinks', async () => {
    const player = await createAccount(shop.app, shop.config);
    expect(await linkView(player.headers)).toEqual({ available: true, linked: null });

    const { finish, redirectedTo } = await linkThroughDiscord(shop.app, player.headers, first);
    expect(`${redirectedTo?.origin}${redirectedTo?.pathname}`).toBe(
      `${shop.config.publicUrl}/discord/callback`,
    );
    expect(finish.statusCode).toBe(200);
    expect((await linkView(player.headers)).linked?.username).toBe('Странник');
    const [linked] = await journal('discord.link');
    expect(linked?.target_id).toBe(String(player.id));
    expect(linked?.after).toContain(first);

    const unlink = await shop.app.inject({
      method: 'DELETE',
      url: '/api/discord/link',
      headers: player.headers,
    });
    expect(unlink.json()).toEqual({ available: true, linked: null });
    expect((await journal('discord.unlink')).at(-1)?.before).toContain(first);
  });

  it('lets one Discord account belong to one shop account only', async () => {
    const owner = await createAccount(shop.app, shop.config);
    const other = await createAccount(shop.app, shop.config);
    expect((await linkThroughDiscord(shop.app, owner.headers, second)).finish.statusCode).toBe(200);
    const taken = await linkThroughDiscord(shop.app, other.headers, second);
    expect(taken.finish.statusCode).toBe(409);
    expect(taken.finish.json().message).toBe(DISCORD_LINK_MESSAGES.takenByOther);
    expect((await linkView(other.headers)).linked).toBeNull();
    // The owner cannot stack a second Discord account on top of the first.
    const again = await linkThroughDiscord(shop.app, owner.headers, first);
    expect(again.finish.json().message).toBe(DISCORD_LINK_MESSAGES.alreadyLinked);
  });

  it('refuses a callback on another session, a replayed state, and a state never started', async () => {
    const player = await createAccount(shop.app, shop.config);
    const thief = await createAccount(shop.app, shop.config);
    const stolen = await linkThroughDiscord(shop.app, player.headers, first, {
      finishHeaders: thief.headers,
    });
    expect(stolen.finish.statusCode).toBe(409);
    expect(stolen.finish.json().message).toBe(DISCORD_LINK_MESSAGES.badState);

    const done = await linkThroughDiscord(shop.app, player.headers, first);
    expect(done.finish.statusCode).toBe(200);
    const replay = await shop.app.inject({
      method: 'POST',
      url: '/api/discord/link/finish',
      headers: player.headers,
      payload: { state: done.state, code: done.code },
    });
    expect(replay.statusCode).toBe(409);

    const forged = await shop.app.inject({
      method: 'POST',
      url: '/api/discord/link/finish',
      headers: thief.headers,
      payload: { state: 'x'.repeat(40), code: 'abc' },
    });
    expect(forged.json().message).toBe(DISCORD_LINK_MESSAGES.badState);
    expect((await linkView(thief.headers)).linked).toBeNull();
    // Nothing of the state itself is stored: only its hash.
    const stored = await queryRows<{ state_hash: string }>(
      shop.app.db,
      sql`select state_hash from discord_link_states`,
    );
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });

  it('answers a clear error and links nothing when Discord is down', async () => {
    const player = await createAccount(shop.app, shop.config);
    const state = 'y'.repeat(40);
    await shop.app.inject({
      method: 'POST',
      url: '/api/discord/link/start',
      headers: player.headers,
      payload: { state },
    });
    discord.state.setDown(true);
    const reply = await shop.app.inject({
      method: 'POST',
      url: '/api/discord/link/finish',
      headers: player.headers,
      payload: { state, code: 'whatever' },
    });
    discord.state.setDown(false);
    expect(reply.statusCode).toBe(502);
    expect(reply.json().message).toBe(DISCORD_LINK_MESSAGES.discordFailed);
    expect((await linkView(player.headers)).linked).toBeNull();
  });
});

describe('Discord linking without its settings', () => {
  it('is hidden and refuses to start', async () => {
    const bare = await createTestApp();
    try {
      const player = await createAccount(bare.app, bare.config);
      const view = await bare.app.inject({ url: '/api/discord/link', headers: player.headers });
      expect(view.json()).toEqual({ available: false, linked: null });
      const start = await bare.app.inject({
        method: 'POST',
        url: '/api/discord/link/start',
        headers: player.headers,
        payload: { state: 'z'.repeat(40) },
      });
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe(DISCORD_LINK_MESSAGES.off);
    } finally {
      await bare.close();
    }
  });
});
