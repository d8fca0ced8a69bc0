import type { ChatList, ChatMessage } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { next, record, socketClients } from '../../test-support/socket-clients';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Account = Awaited<ReturnType<typeof createAccount>>;

let shop: TestApp;
let url: string;
let admin: Account;
const clients = socketClients();

beforeAll(async () => {
  shop = await createTestApp();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
  admin = await createAccount(shop.app, shop.config, 'admin');
});
afterAll(async () => {
  clients.closeAll();
  await shop?.close();
});

const player = () => createAccount(shop.app, shop.config);
const send = (who: Account, payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url: '/api/chat/send', headers: who.headers, payload });
const history = async (who: Account, userId: number, query = '') => {
  const reply = await shop.app.inject({
    url: `/api/chat/history/${userId}${query}`,
    headers: who.headers,
  });
  return reply.json<ChatMessage[]>();
};
const chatList = async (status?: string) =>
  (
    await shop.app.inject({
      url: `/api/chat/history/all${status ? `?status=${status}` : ''}`,
      headers: admin.headers,
    })
  ).json<ChatList>();
const statusOf = async (userId: number) =>
  (await chatList()).chats.find((chat) => chat.userId === userId)?.status;
const unread = async (who: Account) =>
  (await shop.app.inject({ url: '/api/chat/unread', headers: who.headers })).json().unread;

describe('support chat', () => {
  it('goes the whole round: player writes, staff answers live, close, and a new message reopens', async () => {
    const alice = await player();
    const bob = await player();
    const aliceTabs = [await clients.joined(url, alice), await clients.joined(url, alice)];
    const bobSocket = await clients.joined(url, bob);
    const adminSocket = await clients.joined(url, admin, 'admin');
    const bobSaw = record(bobSocket, 'newAdminMessage');
    const bobSawMessages = record(bobSocket, 'newMessage');

    // The payload claims to be Bob, named «Админ»: the session decides who writes.
    const toAdmin = next(adminSocket, 'newMessage');
    const sent = await send(alice, {
      userId: String(bob.id),
      username: 'Админ',
      avatar: 'https://evil.example/a.png',
      message: '  Оплатил, но предмет не пришёл  ',
    });
    expect(sent.statusCode).toBe(200);
    const stored = sent.json<ChatMessage>();
    expect(stored).toMatchObject({
      userId: alice.id,
      username: expect.stringMatching(/^Player \d+$/),
      avatar: null,
      message: 'Оплатил, но предмет не пришёл',
      isAdmin: false,
    });
    expect(stored.username).not.toBe('Админ');
    expect(await toAdmin).toEqual(stored);
    expect(await statusOf(alice.id)).toBe('unanswered');
    expect(await history(bob, bob.id)).toEqual([]);
    const listed = (await chatList('unanswered')).chats.find((chat) => chat.userId === alice.id);
    expect(listed).toMatchObject({
      steamId: alice.steamId,
      lastMessage: 'Оплатил, но предмет не пришёл',
      lastMessageIsAdmin: false,
      unreadCount: 1,
    });

    // The staff answers by socket: every tab of Alice hears it, Bob does not.
    const inTabs = aliceTabs.map((tab) => next(tab, 'newAdminMessage'));
    const echoed = next(adminSocket, 'newMessage');
    adminSocket.emit('adminSendMessage', {
      userId: bob.id,
      targetUserId: alice.id,
      message: 'Проверяем выдачу',
    });
    const [first, second] = await Promise.all(inTabs);
    expect(first).toMatchObject({
      userId: alice.id,
      message: 'Проверяем выдачу',
      isAdmin: true,
      username: expect.stringMatching(/^Admin /),
    });
    expect(first?.messageId).toBe(first?.id);
    expect(second).toEqual(first);
    expect((await echoed).id).toBe(first?.id);
    expect(await statusOf(alice.id)).toBe('open');
    expect(await unread(alice)).toBe(1);
    expect((await history(alice, alice.id)).map((m) => [m.message, m.isAdmin])).toEqual([
      ['Оплатил, но предмет не пришёл', false],
      ['Проверяем выдачу', true],
    ]);
    expect(await unread(alice)).toBe(0);

    const closed = await shop.app.inject({
      method: 'POST',
      url: `/api/chat/update-status/${alice.id}`,
      headers: admin.headers,
      payload: { status: 'closed' },
    });
    expect(closed.json()).toEqual({ success: true });
    expect((await chatList('closed')).chats.map((chat) => chat.userId)).toContain(alice.id);
    expect((await send(alice, { message: 'Всё ещё нет' })).statusCode).toBe(200);
    expect(await statusOf(alice.id)).toBe('unanswered');

    // Bob's sockets heard nothing of Alice's chat.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobSaw).toEqual([]);
    expect(bobSawMessages).toEqual([]);
  });

  it("shows a player only their own history: another player's is 403, a guest's 401", async () => {
    const alice = await player();
    const bob = await player();
    await send(alice, { message: 'секрет' });
    const forbidden = await shop.app.inject({
      url: `/api/chat/history/${alice.id}`,
      headers: bob.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Недостаточно прав');
    expect((await shop.app.inject({ url: `/api/chat/history/${alice.id}` })).statusCode).toBe(401);
    expect((await history(admin, alice.id)).map((m) => m.message)).toEqual(['секрет']);
    for (const path of ['/api/chat/history/all', `/api/chat/delete/${alice.id}`]) {
      const method = path.includes('delete') ? 'DELETE' : 'GET';
      const reply = await shop.app.inject({ method, url: path, headers: bob.headers });
      expect(reply.statusCode).toBe(403);
    }
    const status = await shop.app.inject({
      method: 'POST',
      url: `/api/chat/update-status/${alice.id}`,
      headers: bob.headers,
      payload: { status: 'closed' },
    });
    expect(status.statusCode).toBe(403);
    expect(await statusOf(alice.id)).toBe('unanswered');
  });

  it('refuses staff replies from a player socket and stores nothing', async () => {
    const mallory = await player();
    const victim = await player();
    const socket = await clients.joined(url, mallory);
    const refused = next(socket, 'error');
    socket.emit('adminSendMessage', {
      userId: admin.id,
      targetUserId: victim.id,
      message: 'Я админ',
    });
    expect(await refused).toEqual({ message: 'Недостаточно прав' });
    // Joining as an admin with a player's token is refused too, so the socket stays a player's.
    const stillPlayer = next(socket, 'error');
    socket.emit('adminJoin', { token: mallory.token });
    await stillPlayer;
    const again = next(socket, 'error');
    socket.emit('adminSendMessage', { targetUserId: victim.id, message: 'Я админ' });
    await again;
    expect(await history(admin, victim.id)).toEqual([]);
    expect(await unread(victim)).toBe(0);
  });

  it('answers a bad staff reply with an error and stores nothing', async () => {
    const target = await player();
    const adminSocket = await clients.joined(url, admin, 'admin');
    for (const [message, text] of [
      ['   ', 'Сообщение не может быть пустым'],
      ['a'.repeat(2_001), 'Сообщение длиннее 2000 символов'],
      ['нуль\u0000', 'Текст содержит недопустимые символы'],
    ] as const) {
      const refused = next(adminSocket, 'error');
      adminSocket.emit('adminSendMessage', { targetUserId: target.id, message });
      expect((await refused).message).toBe(text);
    }
    const missing = next(adminSocket, 'error');
    adminSocket.emit('adminSendMessage', { targetUserId: 2_000_000_000, message: 'кто здесь?' });
    expect(await missing).toEqual({ message: 'Пользователь не найден' });
    expect(await history(admin, target.id)).toEqual([]);
  });

  it('stores each of 40 concurrent sends exactly once', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => player()));
    const replies = await Promise.all(
      players.flatMap((who, p) =>
        Array.from({ length: 5 }, (_, n) => send(who, { message: `сообщение ${p}-${n}` })),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(40).fill(200));
    expect(new Set(replies.map((reply) => reply.json().id)).size).toBe(40);
    for (const [p, who] of players.entries()) {
      const texts = (await history(who, who.id)).map((m) => m.message).sort();
      expect(texts).toEqual(Array.from({ length: 5 }, (_, n) => `сообщение ${p}-${n}`).sort());
    }
    const list = await chatList('unanswered');
    for (const who of players) {
      expect(list.chats.find((chat) => chat.userId === who.id)?.unreadCount).toBe(5);
    }
  });

  it('refuses blank, over-long and control-character messages with 400 and stores nothing', async () => {
    const who = await player();
    const cases: Array<[unknown, string]> = [
      [' \n\t ', 'Сообщение не может быть пустым'],
      ['a'.repeat(2_001), 'Сообщение длиннее 2000 символов'],
      ['привет\u0000', 'Текст содержит недопустимые символы'],
      ['звонок\u0007', 'Текст содержит недопустимые символы'],
      [undefined, 'Сообщение не может быть пустым'],
      [42, 'Сообщение не может быть пустым'],
    ];
    for (const [message, text] of cases) {
      const reply = await send(who, { message });
      expect(reply.statusCode, String(message)).toBe(400);
      expect(reply.json()).toEqual({ error: 'bad_request', message: text });
    }
    expect(await history(who, who.id)).toEqual([]);
    const fits = await send(who, { message: `${'я'.repeat(1_990)}\nи\tещё` });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().message).toContain('\n');
    const guest = await shop.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: { message: 'привет' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('slows a player down after 10 messages in 10 seconds with a clear 429', async () => {
    const who = await player();
    for (let n = 0; n < 10; n += 1) {
      expect((await send(who, { message: `#${n}` })).statusCode).toBe(200);
    }
    const limited = await send(who, { message: 'ещё' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Слишком много сообщений. Подождите несколько секунд и отправьте снова.',
    });
    expect((await history(who, who.id)).length).toBe(10);
  });

  it('pages history back with `before`, oldest first', async () => {
    const who = await player();
    for (let n = 0; n < 5; n += 1) await send(who, { message: `m${n}` });
    const all = await history(who, who.id);
    expect(all.map((m) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    const older = await history(who, who.id, `?before=${all[3]!.id}&limit=2`);
    expect(older.map((m) => m.message)).toEqual(['m1', 'm2']);
  });

  it('deletes a conversation with all its messages', async () => {
    const who = await player();
    await send(who, { message: 'удалите меня' });
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: `/api/chat/delete/${who.id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ success: true });
    expect(await history(admin, who.id)).toEqual([]);
    expect(await statusOf(who.id)).toBeUndefined();
    const again = await shop.app.inject({
      method: 'DELETE',
      url: `/api/chat/delete/${who.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Чат не найден');
  });

  it('lists every chat call in the OpenAPI document', async () => {
    const doc = (await shop.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/chat/send',
        '/api/chat/history/{userId}',
        '/api/chat/history/all',
        '/api/chat/update-status/{userId}',
        '/api/chat/delete/{userId}',
        '/api/admin/users/{id}/support-context',
      ]),
    );
  });
});
