import type { PublicServer } from '@shop/shared';
import { agoText, countdownText } from '@/lib/durations';

/** SPEC's fixed text, kept for a server the shop knows no wipe of and no schedule for. */
export const FIXED_WIPE_TEXT = 'Вайп: 1-й четверг месяца';

/**
 * The parts of a server card's wipe line, «Вайп: 3 дня назад · следующий через 2 д 4 ч»: each part
 * only when the shop knows it; null when it knows neither (the card then says FIXED_WIPE_TEXT).
 */
export function wipeSummary(
  server: Pick<PublicServer, 'lastWipeAt' | 'nextWipeAt'>,
  now: number,
): { last: string | null; next: string | null } | null {
  const last = server.lastWipeAt === null ? null : Date.parse(server.lastWipeAt);
  const next = server.nextWipeAt === null ? null : Date.parse(server.nextWipeAt);
  const lastText = last === null || Number.isNaN(last) ? null : agoText(now - last);
  let nextText: string | null = null;
  if (next !== null && !Number.isNaN(next))
    // Past the predicted time and not yet seen: the wipe is happening as we speak.
    nextText = next > now ? `следующий через ${countdownText(next - now)}` : 'следующий — сейчас';
  return lastText === null && nextText === null ? null : { last: lastText, next: nextText };
}
