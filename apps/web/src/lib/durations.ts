import { formatWaitRu, pluralRu } from '@shop/shared';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** '3 часа', '2 дня', '5 минут': how long ago, in the largest whole unit. */
export function ageText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return `${minutes} ${pluralRu(minutes, ['минуту', 'минуты', 'минут'])}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${pluralRu(hours, ['час', 'часа', 'часов'])}`;
  const days = Math.floor(hours / 24);
  return `${days} ${pluralRu(days, ['день', 'дня', 'дней'])}`;
}

/** «3 дня назад»; «только что» under a minute (and for a moment a fast clock puts ahead of us). */
export function agoText(ms: number): string {
  return ms < MINUTE ? 'только что' : `${ageText(ms)} назад`;
}

/**
 * A countdown that may run for days: «2 д 4 ч». Under a day it is the shop's wait text («5 ч 12 мин»,
 * the same words as the server's refusals), so a countdown reads alike wherever it is shown.
 */
export function countdownText(ms: number): string {
  if (ms < DAY) return formatWaitRu(ms);
  // Whole minutes rounded up, as formatWaitRu counts, then shown in days and hours.
  const minutes = Math.ceil(ms / MINUTE);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return hours === 0 ? `${days} д` : `${days} д ${hours} ч`;
}

/**
 * «Доступно через 1 д 2 ч»: how long a wipe block still holds. Under a day the very words of the
 * server's refusal (availableInText); from a day on in days, as every countdown here reads.
 */
export function availableInCountdown(ms: number): string {
  return `Доступно через ${countdownText(ms)}`;
}

/**
 * How long to wait before a countdown's text can change: the texts above count whole minutes, so
 * each moment still ahead changes its text as its distance crosses a minute. Null once all have
 * passed (nothing left to count).
 */
export function nextCountdownTick(moments: readonly number[], now: number): number | null {
  const waits = moments
    .map((moment) => moment - now)
    .filter((left) => left > 0)
    .map((left) => left % MINUTE || MINUTE);
  return waits.length === 0 ? null : Math.min(...waits);
}

/**
 * How long before «… назад» of a past moment (agoText) can change: it counts whole minutes since the
 * moment, so at each whole minute after it, for as long as it is shown.
 */
export function nextAgeTick(moment: number, now: number): number {
  return MINUTE - ((now - moment) % MINUTE);
}
