import { REALTIME_ERRORS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { next, record, socketClients } from '../../test-support/socket-clients';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Account = Awaited<ReturnType<typeof createAccount>>;

let shop: TestApp;
let url: string;
let owner: Account;
const clients = socketClients();

beforeAll(async () => {
  shop = await createTestApp();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
  owner = await createAccount(shop.app, shop.config, 'owner');
});
afterAll(async () => {
  clients.closeAll();
  await shop?.close();
});

const playerWrites = async (text: string) => {
  const player = await createAccount(shop.app, shop.config);
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: player.headers,
    payload: { message: text },
  });
  expect(reply.statusCode).toBe(200);
  return player;
};

describe('the live channel for staff', () => {
  it('brings support messages to staff who answer chats only, and lets only them reply', async () => {
    const moderator = await createAccount(shop.app, shop.config, 'moderator');
    const moneyOnly = await createAccount(shop.app, shop.config, 'admin', undefined, ['money']);
    const moderatorSocket = await clients.joined(url, moderator, 'admin');
    const moneySocket = await clients.joined(url, moneyOnly, 'admin');
    const moneySaw = record(moneySocket, 'newMessage');

    const heard = next(moderatorSocket, 'newMessage');
    const player = await playerWrites('Не пришёл набор');
    expect((await heard).message).toBe('Не пришёл набор');

    const refused = next(moneySocket, 'error');
    moneySocket.emit('adminSendMessage', { targetUserId: player.id, message: 'Сейчас проверю' });
    expect((await refused).message).toBe(REALTIME_ERRORS.notAdmin);
    expect(moneySaw).toEqual([]);
    // Nor may it read the conversation over HTTP; the moderator may.
    const read = (who: Account) =>
      shop.app.inject({ url: `/api/chat/history/${player.id}`, headers: who.headers });
    expect((await read(moneyOnly)).statusCode).toBe(403);
    expect((await read(moderator)).statusCode).toBe(200);
  });

  it('streams a server console only to staff who hold rcon', async () => {
    const moderator = await createAccount(shop.app, shop.config, 'moderator');
    const socket = await clients.joined(url, moderator, 'admin');
    const refused = next(socket, 'error');
    socket.emit('rconStream', { serverId: 1 });
    expect((await refused).message).toBe(REALTIME_ERRORS.notAdmin);

    const ownerSocket = await clients.joined(url, owner, 'admin');
    const errors = record(ownerSocket, 'error');
    ownerSocket.emit('rconStream', { serverId: 1 });
    // The owner's request is taken: no refusal comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors).toEqual([]);
  });
});
