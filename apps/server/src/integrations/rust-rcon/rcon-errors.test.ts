import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { RconClient } from './rcon-client';
import { connectionFailureText, RCON_ERRORS } from './rcon-errors';
import type { RconClientOptions, RconStatus } from './rcon-types';

const FAST_BACKOFF = { initialMs: 20, maxMs: 100, factor: 2, jitter: 0 };

const clients: RconClient[] = [];
let sim: RustSimHandle | undefined;
let http: Server | undefined;

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await sim?.close();
  sim = undefined;
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  http = undefined;
});

/** A client whose log is kept, connecting at once. */
function connect(options: Pick<RconClientOptions, 'host' | 'port'> & Partial<RconClientOptions>) {
  const logged: string[] = [];
  const client = new RconClient({
    password: 'secret',
    backoff: FAST_BACKOFF,
    logger: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
    ...options,
  });
  clients.push(client);
  client.connect();
  return { client, logged };
}

function offline(client: RconClient, also: (status: RconStatus) => boolean = () => true) {
  const matches = (status: RconStatus) => status.state === 'offline' && also(status);
  if (matches(client.status)) return Promise.resolve(client.status);
  return new Promise<RconStatus>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(JSON.stringify(client.status))), 5000);
    const stop = client.onStatus((status) => {
      if (!matches(status)) return;
      clearTimeout(timer);
      stop();
      resolve(status);
    });
  });
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** No Latin word but the names an admin knows («RCON», «IP»): no socket code, no English. */
const inRussianOnly = (text: string | undefined) =>
  expect(text?.replace(/\b(RCON|IP)\b/g, '')).not.toMatch(/[A-Za-z]/);

describe('what the admin reads when RCON fails', () => {
  it('a closed port: Russian, what to check; ECONNREFUSED only in the log, once', async () => {
    const { client, logged } = connect({ host: '127.0.0.1', port: await closedPort() });
    const status = await offline(client);
    expect(status.reason).toBe('unreachable');
    expect(status.detail).toBe(RCON_ERRORS.refusedConnection);
    inRussianOnly(status.detail);
    // Several retries later the log still holds the refusal once.
    await offline(client, () => client.status.since.getTime() > status.since.getTime());
    await offline(client, () => client.status.since.getTime() > status.since.getTime() + 50);
    expect(logged.filter((line) => line.includes('ECONNREFUSED'))).toHaveLength(1);
  });

  it('an unknown host name', async () => {
    const { client, logged } = connect({ host: 'rcon-test.invalid', port: 28016 });
    const status = await offline(client);
    expect([RCON_ERRORS.unknownHost, RCON_ERRORS.timedOut]).toContain(status.detail);
    expect(logged.join('\n')).toMatch(/ENOTFOUND|EAI_AGAIN|timed out/);
  });

  it('a web server where the game should be', async () => {
    http = createServer((_request, reply) => reply.writeHead(404).end('Not Found'));
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const status = await offline(connect({ host: '127.0.0.1', port }).client);
    expect(status.detail).toBe(RCON_ERRORS.notRcon);
  });

  it('a refused password, then the client giving up on it', async () => {
    sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
    const { client } = connect({
      host: sim.host,
      port: sim.port,
      password: 'wrong',
      refusedBackoffMs: 30,
    });
    const refused = await offline(client, (status) => status.reason === 'password-refused');
    expect(refused.detail).toBe(RCON_ERRORS.passwordRefused);
    const gaveUp = await offline(client, (status) => status.nextRetryAt === null);
    expect(gaveUp.detail).toBe(RCON_ERRORS.passwordRefusedStopped);
    inRussianOnly(gaveUp.detail);
  });

  it('a link that drops once up, then the game gone', async () => {
    sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
    const { client, logged } = connect({ host: sim.host, port: sim.port, password: sim.password });
    await client.waitForOnline();
    const seen: (string | undefined)[] = [];
    client.onStatus((status) => seen.push(status.detail));
    await sim.stop();
    await offline(client, (status) => status.detail === RCON_ERRORS.refusedConnection);
    expect(seen).toContain(RCON_ERRORS.linkLost);
    expect(logged.join('\n')).toMatch(/connection lost \(code \d+\)/);
  });

  it('maps the socket errors Node reports to words that say what to check', () => {
    const failure = (code: string | undefined, message = `connect ${code} 10.0.0.5:28016`) =>
      Object.assign(new Error(message), code ? { code } : {});
    expect(connectionFailureText(failure('ETIMEDOUT'))).toBe(RCON_ERRORS.timedOut);
    expect(connectionFailureText(failure(undefined, 'Opening handshake has timed out'))).toBe(
      RCON_ERRORS.timedOut,
    );
    expect(connectionFailureText(failure('EHOSTUNREACH'))).toBe(RCON_ERRORS.unreachable);
    expect(connectionFailureText(failure('ENETUNREACH'))).toBe(RCON_ERRORS.unreachable);
    expect(connectionFailureText(failure('ENOTFOUND'))).toBe(RCON_ERRORS.unknownHost);
    expect(connectionFailureText(failure('ECONNRESET'))).toBe(RCON_ERRORS.reset);
    expect(connectionFailureText(failure('EWHATEVER'))).toBe(RCON_ERRORS.other);
    expect(connectionFailureText(undefined)).toBe(RCON_ERRORS.closed);
    for (const text of Object.values(RCON_ERRORS)) inRussianOnly(text);
  });
});
