import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEMO_TELEGRAM } from './config-messengers';

const TOKEN = '123456789:AAHfakeTokenForConfigTests_0123456789';
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('Telegram and VK settings', () => {
  it('are off by default, and the demo talks to its own stand-in', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).telegram).toMatchObject({
      token: null,
      standIn: false,
    });
    const demo = loadConfig({ NODE_ENV: 'test', DEMO: '1', PORT: '3000' }).telegram;
    expect(demo).toMatchObject({ token: DEMO_TELEGRAM.token, standIn: true });
    expect(demo.apiUrl).toBe('http://127.0.0.1:3000/api/demo/telegram');
    // A real bot in the demo is used as it is: no stand-in beside a real token.
    const real = loadConfig({
      NODE_ENV: 'test',
      DEMO: '1',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'shop_bot',
    });
    expect(real.telegram).toMatchObject({
      token: TOKEN,
      standIn: false,
      apiUrl: 'https://api.telegram.org',
    });
  });

  it('refuse the demo token outside the demo, a token without the username, and a webhook without HTTPS', () => {
    expect(
      refusal({ TELEGRAM_BOT_TOKEN: DEMO_TELEGRAM.token, TELEGRAM_BOT_USERNAME: 'x_demo_bot' }),
    ).toMatch(/TELEGRAM_BOT_TOKEN is the demo's published token/);
    expect(refusal({ TELEGRAM_BOT_TOKEN: TOKEN })).toMatch(/TELEGRAM_BOT_USERNAME is required/);
    expect(
      refusal({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_BOT_USERNAME: 'shop_bot',
        TELEGRAM_WEBHOOK_SECRET: 'a-long-enough-secret-0000',
        PUBLIC_URL: 'http://shop.example.com',
      }),
    ).toMatch(/TELEGRAM_WEBHOOK_SECRET needs PUBLIC_URL on https/);
    expect(refusal({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toMatch(/TELEGRAM_BOT_TOKEN/);
    const webhook = loadConfig({
      NODE_ENV: 'test',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: '@shop_bot',
      TELEGRAM_WEBHOOK_SECRET: 'a-long-enough-secret-0000',
      PUBLIC_URL: 'https://shop.example.com',
    }).telegram;
    expect(webhook).toMatchObject({
      username: 'shop_bot',
      webhookUrl: 'https://shop.example.com/api/telegram/webhook',
    });
  });
});
