import type { TelegramLinkView } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@/lib/api-client';
import { createMemoryTokenStorage } from '@/lib/token-storage';
import { telegramKey } from '../api/telegram-link';
import {
  finishTelegramWidget,
  requestTelegramWidget,
  TELEGRAM_STATE_KEY,
  telegramReturn,
  telegramWidgetAttributes,
} from '../api/telegram-widget';
import { TelegramLinkCard } from './telegram-link-card';

function render(view: TelegramLinkView): string {
  const client = new QueryClient();
  client.setQueryData(telegramKey, view);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <TelegramLinkCard />
    </QueryClientProvider>,
  );
}

const unlinked = { available: true, botUsername: 'shop_bot', linked: null };

describe("the profile's Telegram card", () => {
  it("offers Telegram's Login Widget beside the deep link when the shop has a real bot", () => {
    const html = render({ ...unlinked, widgetBot: 'shop_bot' });
    expect(html).toContain('Привязать Telegram');
    expect(html).toContain('data-telegram-widget="shop_bot"');
  });

  it("offers only the deep link with the demo's stand-in bot", () => {
    const html = render({ ...unlinked, botUsername: 'rusty_demo_bot', widgetBot: null });
    expect(html).toContain('Привязать Telegram');
    expect(html).not.toContain('data-telegram-widget');
  });

  it('shows no widget once Telegram is linked', () => {
    const html = render({
      ...unlinked,
      widgetBot: 'shop_bot',
      linked: {
        telegramId: '7001',
        username: 'kolya',
        linkedAt: '2026-11-29T10:00:00.000Z',
        news: { gift: true, delivered: true, vip_ending: true, support_reply: true },
      },
    });
    expect(html).toContain('@kolya');
    expect(html).not.toContain('data-telegram-widget');
  });
});

/**
 * The shop's API as the browser meets it, on loopback: records what the card sends. The server's
 * own checks (state, session, hash, auth_date) are tested in telegram-widget.test.ts.
 */
const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: unknown }[] =
  [];
let answer = { status: 200, body: { success: true } as object };
const shopApi = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: JSON.parse(body || 'null'),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
});
let client: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  await new Promise<void>((resolve) => shopApi.listen(0, '127.0.0.1', resolve));
  const { port } = shopApi.address() as AddressInfo;
  client = createApiClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    tokenStorage: createMemoryTokenStorage('player-token'),
  });
});
afterAll(() => new Promise((resolve) => shopApi.close(resolve)));

const AUTH_URL = 'https://shop.example/api/telegram/link/widget?state=s7ate-from-the-shop';

/** sessionStorage as the browser keeps it for this tab. */
function tabStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("the widget's redirect", () => {
  it('sends Telegram back to the shop with the state, and evals nothing (no data-onauth)', () => {
    const attributes = telegramWidgetAttributes('shop_bot', AUTH_URL);
    expect(attributes).toMatchObject({
      'data-telegram-login': 'shop_bot',
      'data-size': 'large',
      'data-request-access': 'write',
      'data-auth-url': AUTH_URL,
    });
    expect(attributes).not.toHaveProperty('data-onauth');
  });

  it('asks the shop for a state as the signed-in account', async () => {
    answer = { status: 200, body: { authUrl: AUTH_URL, expiresAt: '2026-11-29T13:00:00.000Z' } };
    expect(await requestTelegramWidget(client)).toEqual({
      authUrl: AUTH_URL,
      state: 's7ate-from-the-shop',
    });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/telegram/link/widget-state',
    });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer player-token');
  });

  it('reads only ?telegram=confirm or ?telegram=error from the address', () => {
    expect(telegramReturn('?telegram=confirm')).toBe('confirm');
    expect(telegramReturn('?a=1&telegram=error')).toBe('error');
    expect(telegramReturn('?telegram=linked')).toBeNull();
    expect(telegramReturn('')).toBeNull();
  });

  it("finishes with this tab's state, once, as the account", async () => {
    answer = { status: 200, body: { available: true, linked: { telegramId: '7001' } } };
    const storage = tabStorage({ [TELEGRAM_STATE_KEY]: 's7ate-from-the-shop' });
    const view = await finishTelegramWidget(storage, client);
    expect(view.linked?.telegramId).toBe('7001');
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/telegram/link/widget',
      body: { state: 's7ate-from-the-shop' },
    });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer player-token');
    expect(storage.items.size).toBe(0);

    // Another tab (no state kept) asks the shop nothing.
    const before = received.length;
    await expect(finishTelegramWidget(storage, client)).rejects.toThrow('не в этой вкладке');
    expect(received).toHaveLength(before);
  });

  it("passes the server's refusal on", async () => {
    answer = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Вход через Telegram устарел' },
    };
    const refusal = finishTelegramWidget(tabStorage({ [TELEGRAM_STATE_KEY]: 'x' }), client);
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toThrow('Вход через Telegram устарел');
  });
});
