import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test-support/sign-in';
import { next, socketClients } from '../test-support/socket-clients';
import { createTestApp, type TestApp } from '../test-support/test-app';

let shop: TestApp;
let url: string;
const clients = socketClients();
/** The first HTTP request of each socket, watched without keeping it alive. */
const requests: Array<WeakRef<object>> = [];

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

beforeAll(async () => {
  shop = await createTestApp();
  shop.app.realtime.io.use((socket, nextMiddleware) => {
    requests.push(new WeakRef(socket.request));
    nextMiddleware();
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  clients.closeAll();
  await shop?.close();
});

describe('what the shop keeps of a live socket', () => {
  it('lets go of the connecting HTTP request and its copies, and the socket still gets its own events', async () => {
    const player = await createAccount(shop.app, shop.config);
    const other = await createAccount(shop.app, shop.config);
    const socket = await clients.joined(url, player);
    const otherSocket = await clients.joined(url, other);

    const [kept] = await shop.app.realtime.io.in(`user:${player.id}`).fetchSockets();
    expect(kept?.handshake).toMatchObject({ headers: {}, query: {}, auth: {}, url: '' });
    expect(shop.app.realtime.io.sockets.sockets.get(kept!.id)?.request).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(requests).toHaveLength(2);
    expect(requests.filter((request) => request.deref() !== undefined)).toHaveLength(0);

    const balance = next(socket, 'balanceUpdate');
    let otherGotIt = false;
    otherSocket.once('balanceUpdate', () => (otherGotIt = true));
    shop.app.realtime.toUser(player.id, 'balanceUpdate', { balance: 12_345 });
    expect(await balance).toEqual({ balance: 12_345 });
    expect(otherGotIt).toBe(false);
  });
});
