import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyShop, type MoneyShop } from '../../test-support/money-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { createSessionsRepository } from '../auth/sessions-repository';
import { createAccount } from '../../test-support/sign-in';
import { next, socketClients } from '../../test-support/socket-clients';

let money: MoneyShop;
const clients = socketClients();

beforeAll(async () => {
  money = await startMoneyShop();
});
afterAll(async () => {
  clients.closeAll();
  await money?.close();
});

const connect = () => clients.connect(money.url);

describe('realtime channel', () => {
  it("refuses to join another user's room or with a dead token", async () => {
    const alice = await createAccount(money.shop.app, money.shop.config);
    const bob = await createAccount(money.shop.app, money.shop.config);
    const socket = await connect();
    const refused = next(socket, 'error');
    socket.emit('join', { userId: bob.id, token: alice.token });
    expect(await refused).toEqual({ message: 'Сессия недействительна. Войдите снова.' });
    const again = next(socket, 'error');
    socket.emit('join', { userId: alice.id, token: 'x'.repeat(43) });
    expect((await again).message).toBe('Сессия недействительна. Войдите снова.');
  });

  it('refuses the admin console to a player', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    const socket = await connect();
    const refused = next(socket, 'error');
    socket.emit('adminJoin', { token: player.token });
    expect(await refused).toEqual({ message: 'Недостаточно прав' });
  });

  it("closes an admin's console socket when that admin signs out", async () => {
    const admin = await createAccount(money.shop.app, money.shop.config, 'admin');
    const socket = await connect();
    const joined = next(socket, 'joined');
    socket.emit('adminJoin', { token: admin.token });
    await joined;
    const closed = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    await money.shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: admin.headers,
    });
    expect(await closed).toBe('io server disconnect');
  });

  it("signing out on one device leaves the same player's other sessions live", async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    const laptop = await createSessionsRepository(money.shop.app.db, money.shop.config).issue(
      player.id,
    );
    const [phoneSocket, laptopSocket] = [await connect(), await connect()];
    for (const [socket, token] of [
      [phoneSocket, player.token],
      [laptopSocket, laptop.token],
    ] as const) {
      const joined = next(socket, 'joined');
      socket.emit('join', { userId: player.id, token });
      await joined;
    }
    const phoneClosed = new Promise<string>((resolve) =>
      phoneSocket.once('disconnect', (reason) => resolve(reason)),
    );

    const out = await money.shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: player.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(await phoneClosed).toBe('io server disconnect');
    // The laptop still hears its balance.
    const balance = next(laptopSocket, 'balanceUpdate');
    money.shop.app.realtime.toUser(player.id, 'balanceUpdate', { balance: 5 });
    expect(await balance).toEqual({ balance: 5 });
    expect(laptopSocket.connected).toBe(true);
  });

  it('tells only the paying player their new balance the moment the payment is credited', async () => {
    const payer = await createAccount(money.shop.app, money.shop.config);
    const other = await createAccount(money.shop.app, money.shop.config);
    const payerSocket = await connect();
    const otherSocket = await connect();
    const joined = next(payerSocket, 'joined');
    payerSocket.emit('join', { userId: String(payer.id), token: payer.token, username: 'payer' });
    expect(await joined).toEqual({ userId: payer.id });
    const otherJoined = next(otherSocket, 'joined');
    otherSocket.emit('join', { userId: other.id, token: other.token });
    await otherJoined;

    const seenByOther: unknown[] = [];
    otherSocket.on('balanceUpdate', (data) => seenByOther.push(data));
    const updates: number[] = [];
    payerSocket.on('balanceUpdate', ({ balance }) => updates.push(balance));

    const { url } = (
      await money.shop.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: payer.headers,
        payload: { amount: 500, method: 'kassa', email: 'p@example.com' },
      })
    ).json();
    await payThroughPage(url);
    await expect.poll(() => updates.at(-1)).toBe(550);
    expect(seenByOther).toEqual([]);
  });
});
