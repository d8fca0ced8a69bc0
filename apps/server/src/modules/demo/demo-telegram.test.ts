import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_STEAM_ID } from '../../config';
import { DEMO_STAFF_CHAT } from '../../integrations/telegram/fake-telegram-page';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedDemoTelegram } from './demo-telegram';

/** A port free now: the demo's shop reaches its Telegram stand-in on its own address. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let demo: TestApp;
let url: string;
beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  demo = await createTestApp({ DEMO: '1', PORT: String(port), PUBLIC_URL: url });
  await demo.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => demo?.close());

describe("the demo's Telegram stand-in", () => {
  it("offers the profile the deep link, never Telegram's Login Widget (Telegram knows no such bot)", async () => {
    const player = await createAccount(demo.app, demo.config);
    const view = await demo.app.inject({ url: '/api/telegram/link', headers: player.headers });
    expect(view.json()).toMatchObject({ available: true, widgetBot: null });
  });

  it('shows the staff group the notifications, and the demo admin answers a player from it', async () => {
    const admin = await createAccount(demo.app, demo.config, 'owner', DEMO_ADMIN_STEAM_ID);
    const { username } = (
      await demo.app.inject({ url: '/api/auth/profile', headers: admin.headers })
    ).json<{ username: string }>();
    await seedDemoTelegram(demo.app);
    await demo.app.notifications.flush();
    const player = await createAccount(demo.app, demo.config);
    const sent = await demo.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: player.headers,
      payload: { message: 'Не пришёл калаш' },
    });
    expect(sent.statusCode).toBe(200);
    await demo.app.notifications.flush();

    const page = await (await fetch(`${url}/api/demo/telegram/chat`)).text();
    expect(page).toContain('Не пришёл калаш');
    const replyTo = /name="replyTo" value="(\d+)"/.exec(page)?.[1];
    expect(replyTo).toBeDefined();
    const answer = await fetch(`${url}/api/demo/telegram/chat/say`, {
      method: 'POST',
      body: new URLSearchParams({
        chat: String(DEMO_STAFF_CHAT.id),
        from: '100001',
        text: 'Выдали снова',
        replyTo: replyTo!,
      }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    await demo.app.telegram.pollOnce();
    const history = await demo.app.inject({
      url: `/api/chat/history/${player.id}`,
      headers: player.headers,
    });
    expect(history.json()).toContainEqual(
      expect.objectContaining({ message: 'Выдали снова', isAdmin: true, username }),
    );
  });
});
