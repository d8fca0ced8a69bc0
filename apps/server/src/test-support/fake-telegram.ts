import Fastify from 'fastify';
import {
  registerFakeTelegram,
  type FakeTelegramState,
} from '../integrations/telegram/fake-telegram';

export const FAKE_TELEGRAM = {
  token: '2000000002:fake-telegram-token-for-tests-0000',
  username: 'shop_test_bot',
};

export interface FakeTelegram {
  state: FakeTelegramState;
  /** For TELEGRAM_API_URL. */
  apiUrl: string;
  /** The environment that points a test shop at this stand-in (polling; add a secret for webhooks). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The Bot API's stand-in on its own loopback port, as the shop meets Telegram. */
export async function startFakeTelegram(): Promise<FakeTelegram> {
  const app = Fastify();
  const state = registerFakeTelegram(app, { prefix: '', ...FAKE_TELEGRAM });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const apiUrl = `http://127.0.0.1:${address.port}`;
  return {
    state,
    apiUrl,
    env: {
      TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM.token,
      TELEGRAM_BOT_USERNAME: FAKE_TELEGRAM.username,
      TELEGRAM_API_URL: apiUrl,
    },
    close: () => app.close(),
  };
}
