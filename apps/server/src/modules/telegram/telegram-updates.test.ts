import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loggerOptions } from '../../logging';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-telegram';
import { startTcpSwitch } from '../../test-support/tcp-switch';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

/**
 * What an owner reads when the shop starts talking to Telegram: the demo's built-in Telegram answers
 * only once the process listens, so one failed first try is no warning (every demo start printed
 * one); a Telegram that stays unreachable is.
 */
let telegram: FakeTelegram;
let link: Awaited<ReturnType<typeof startTcpSwitch>>;
let shop: TestApp;
const lines: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  telegram = await startFakeTelegram();
  link = await startTcpSwitch({ host: '127.0.0.1', port: Number(new URL(telegram.apiUrl).port) });
  const destination = new PassThrough();
  let rest = '';
  destination.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part) lines.push(JSON.parse(part) as (typeof lines)[number]);
  });
  shop = await createTestApp(
    { ...telegram.env, TELEGRAM_API_URL: `http://127.0.0.1:${link.port}` },
    { logger: loggerOptions(loadConfig({ LOG_LEVEL: 'debug' }), destination) },
  );
});
afterAll(async () => {
  await shop?.close();
  await link?.close();
  await telegram?.close();
});

const setupLines = (level: number) =>
  lines.filter(
    (line) => line.msg.startsWith('telegram webhook setup failed') && line.level === level,
  );
const WARN = 40;
const DEBUG = 20;

describe('the start of Telegram updates', () => {
  it('warns of no first failed try, and of a Telegram that stays unreachable', async () => {
    const updates = shop.app.telegram.updates!;
    link.off();
    await updates.start();
    await waitUntil(() => setupLines(DEBUG).length === 1, { what: 'the first try' });
    link.on();
    await waitUntil(() => lines.some((line) => line.msg === 'telegram updates come by polling'), {
      what: 'polling',
    });
    expect(setupLines(WARN)).toEqual([]);
    await updates.stop();

    link.off();
    await updates.start();
    await waitUntil(() => setupLines(WARN).length === 1, {
      what: 'the warning',
      timeoutMs: 15_000,
    });
    await updates.stop();
  }, 30_000);
});
