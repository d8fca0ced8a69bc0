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
  installTelegramWidgetCallback,
  TELEGRAM_WIDGET_CALLBACK,
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
 * The shop's API as the browser meets it, on loopback: records what the widget's callback sends.
 * The server's own check of these fields (hash, auth_date) is tested in telegram-link.test.ts.
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

// The fields Telegram's widget passes to data-onauth (https://core.telegram.org/widgets/login).
const user = {
  id: 7001,
  first_name: 'Коля',
  username: 'kolya',
  photo_url: 'https://t.me/i/userpic/320/kolya.jpg',
  auth_date: 1_796_000_000,
  hash: 'a'.repeat(64),
};

describe("the widget's callback", () => {
  it('is named by the script tag, which asks for the right to write', () => {
    expect(telegramWidgetAttributes('shop_bot')).toMatchObject({
      'data-telegram-login': 'shop_bot',
      'data-size': 'large',
      'data-request-access': 'write',
      'data-onauth': `${TELEGRAM_WIDGET_CALLBACK}(user)`,
    });
  });

  it("posts the signed fields to /api/telegram/link as the account, then refreshes; removed, it's gone", async () => {
    const host: Record<string, unknown> = {};
    const outcome: string[] = [];
    const remove = installTelegramWidgetCallback(
      host,
      { done: () => outcome.push('done'), failed: () => outcome.push('failed') },
      client,
    );
    const callback = host[TELEGRAM_WIDGET_CALLBACK] as (u: object) => Promise<void>;
    await callback({ ...user, extra: 'not signed' });

    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/telegram/link',
      body: user,
    });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer player-token');
    expect(outcome).toEqual(['done']);
    remove();
    expect(TELEGRAM_WIDGET_CALLBACK in host).toBe(false);
  });

  it("passes the server's refusal on, and does not report it as linked", async () => {
    answer = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Неверная подпись Telegram' },
    };
    const host: Record<string, unknown> = {};
    const errors: unknown[] = [];
    installTelegramWidgetCallback(
      host,
      { done: () => errors.push('done'), failed: (e) => errors.push(e) },
      client,
    );
    await (host[TELEGRAM_WIDGET_CALLBACK] as (u: object) => Promise<void>)(user);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ApiError);
    expect((errors[0] as ApiError).message).toBe('Неверная подпись Telegram');
  });
});
