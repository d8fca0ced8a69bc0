import type { PublicServer } from '@shop/shared';
import { agoText, countdownText } from '@/lib/durations';

/**
 * The wipe line of a server the shop knows no wipe of and no schedule for. It claims no day: a fixed
 * «1-й четверг месяца» here was a schedule the server never had.
 */
export const NO_WIPE_TEXT = 'Вайп: дата не объявлена';

/**
 * The parts of a server card's wipe line, «Вайп: 3 дня назад · следующий через 2 д 4 ч»: each part
 * only when the shop knows it (the next only by the server's own schedule); null when it knows
 * neither (the card then says NO_WIPE_TEXT).
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
