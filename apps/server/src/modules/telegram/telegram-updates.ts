import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Api } from 'grammy';
import type { TelegramConfig } from '../../config-messengers';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import type { LeaderJob } from '../../plugins/leadership';
import { telegramFailure } from '../../integrations/telegram/telegram-api';
import type { TelegramBot } from './telegram-bot';

/** getUpdates' long poll, in seconds: Telegram answers at once when an update comes. */
const POLL_TIMEOUT_S = 25;

/** A wait that ends early when the job stops. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Where updates come from, run by the leader: with TELEGRAM_WEBHOOK_SECRET, the webhook is
 * registered with setWebhook (PUBLIC_URL + /api/telegram/webhook and the secret) and Telegram
 * posts to every process behind it; without, the webhook is removed and the leader long-polls
 * getUpdates from after the newest update it handled (https://core.telegram.org/bots/api#getting-updates).
 */
export function createTelegramUpdates(
  db: Db,
  api: Api,
  bot: TelegramBot,
  config: TelegramConfig,
  log: FastifyBaseLogger,
): LeaderJob & { pollOnce(timeoutS?: number): Promise<number> } {
  let stopping: AbortController | null = null;
  let loop: Promise<void> | null = null;

  async function offset(): Promise<number> {
    const [row] = await queryRows<{ last: number | null }>(
      db,
      sql`select max(update_id) as last from telegram_updates`,
    );
    return row?.last ? Number(row.last) + 1 : 0;
  }

  async function pollOnce(timeoutS = 0, signal?: AbortSignal): Promise<number> {
    const updates = await api.getUpdates(
      { offset: await offset(), timeout: timeoutS, allowed_updates: ['message'] },
      // grammY types its signal as the abort-controller package's, which Node's matches at run time.
      signal as Parameters<Api['getUpdates']>[1],
    );
    for (const update of updates) {
      await bot.handle(update).catch((err: unknown) => {
        log.warn({ err, updateId: update.update_id }, 'telegram update failed');
      });
    }
    return updates.length;
  }

  async function poll(signal: AbortSignal) {
    while (!signal.aborted) {
      try {
        await pollOnce(POLL_TIMEOUT_S, signal);
      } catch (error) {
        if (signal.aborted) return;
        const failure = telegramFailure(error);
        log.warn({ reason: failure.message }, 'telegram polling failed');
        await pause((failure.retryAfterS ?? 5) * 1000, signal);
      }
    }
  }

  return {
    pollOnce,
    start() {
      // In the background: a Telegram slow to answer never holds up the process taking the lead.
      stopping = new AbortController();
      const signal = stopping.signal;
      loop = (async () => {
        // 1 s, 2 s, 4 s … 30 s: the demo's stand-in answers once this very process listens, so a
        // first failure is not worth a warning (every demo start would print one); a second is.
        for (let wait = 1_000, tries = 1; !signal.aborted; wait = Math.min(wait * 2, 30_000)) {
          try {
            if (config.webhookSecret) {
              await api.setWebhook(config.webhookUrl, {
                secret_token: config.webhookSecret,
                allowed_updates: ['message'],
              });
              log.info('telegram updates come by webhook');
              return;
            }
            // A webhook left from before would make every poll answer 409.
            await api.deleteWebhook();
            log.info('telegram updates come by polling');
            return poll(signal);
          } catch (error) {
            const reason = telegramFailure(error).message;
            if (tries++ > 1) log.warn({ reason }, 'telegram webhook setup failed');
            else log.debug({ reason }, 'telegram webhook setup failed, trying again');
            await pause(wait, signal);
          }
        }
      })();
    },
    async stop() {
      stopping?.abort();
      await loop;
      loop = null;
    },
  };
}
