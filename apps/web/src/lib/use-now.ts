import { useEffect, useState } from 'react';
import { nextAgeTick, nextCountdownTick } from './durations';

/** The current time, renewed every `intervalMs`, for texts such as «12 с назад» that age on screen. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The moments (ISO times) as one effect dependency, nulls dropped. */
const momentsKey = (moments: readonly (string | null | undefined)[]) =>
  moments.filter(Boolean).join(' ');
/** Back to milliseconds; unparseable ones are skipped. */
const parseMoments = (key: string) =>
  key
    .split(' ')
    .map((moment) => Date.parse(moment))
    .filter((time) => Number.isFinite(time));

/**
 * The current time, renewed only when a minute-counting text can change: a countdown to one of
 * `untilKey`'s moments, or how long ago one of `sinceKey`'s was. The first renewal comes right after
 * the moments change, so fresh data is never measured against a stale clock.
 */
function useMinuteNow(untilKey: string, sinceKey: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const until = parseMoments(untilKey);
    const since = parseMoments(sinceKey);
    if (until.length === 0 && since.length === 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const waits = [
        nextCountdownTick(until, current),
        ...since.map((moment) => nextAgeTick(moment, current)),
      ].filter((wait) => wait !== null);
      // A few milliseconds past the minute mark, so the new text is the one drawn.
      if (waits.length > 0) timer = setTimeout(tick, Math.min(...waits) + 25);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [untilKey, sinceKey]);
  return now;
}

/**
 * The current time for countdowns to `moments` (ISO times): renewed when a countdown's minute
 * changes and no more once all have passed. One render a minute instead of one a second, so a
 * catalogue of counting cards leaves a phone idle.
 */
export function useCountdownNow(...moments: (string | null | undefined)[]): number {
  return useMinuteNow(momentsKey(moments), '');
}

/**
 * As useCountdownNow, and also for «3 дня назад» of `since`, which keeps ageing: renewed at each
 * whole minute after it as well (a server's last and next wipe).
 */
export function useAgeCountdownNow(
  since: string | null,
  ...moments: (string | null | undefined)[]
): number {
  return useMinuteNow(momentsKey(moments), momentsKey([since]));
}
