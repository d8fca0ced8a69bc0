import { describe, expect, it } from 'vitest';
import { createSendLimits, rulesFor } from './send-limits';

/** Sends as fast as the limits let them, on a clock the test moves; the times they went at. */
function pace(
  limits: ReturnType<typeof createSendLimits>,
  clock: { now: number },
  sends: Array<Parameters<typeof rulesFor>>,
) {
  const times: number[] = [];
  for (const [channel, target] of sends) {
    const rules = rulesFor(channel, target);
    clock.now += limits.waitMs(rules);
    limits.take(rules);
    times.push(clock.now);
  }
  return times;
}

describe('send limits', () => {
  it('keeps Telegram to one message a second in a chat and 20 a minute in a group', () => {
    const clock = { now: 0 };
    const limits = createSendLimits(() => clock.now);
    const toPlayer = pace(limits, clock, [
      ['telegram', '555'],
      ['telegram', '555'],
      ['telegram', '555'],
    ]);
    expect(toPlayer).toEqual([0, 1_000, 2_000]);

    const group = Array.from({ length: 21 }, (): Parameters<typeof rulesFor> => [
      'telegram',
      '-100123/7',
    ]);
    const times = pace(limits, clock, group);
    // 20 a second apart, then the 21st a minute after the first.
    expect(times[19]! - times[0]!).toBe(19_000);
    expect(times[20]! - times[0]!).toBe(60_000);
  });

  it('keeps Telegram to 30 messages a second across chats, and VK to 20 calls a second', () => {
    const clock = { now: 0 };
    const limits = createSendLimits(() => clock.now);
    const players = Array.from({ length: 31 }, (_, i): Parameters<typeof rulesFor> => [
      'telegram',
      String(1000 + i),
    ]);
    const times = pace(limits, clock, players);
    expect(times[29]).toBe(0);
    expect(times[30]).toBe(1_000);

    const vk = Array.from({ length: 21 }, (): Parameters<typeof rulesFor> => ['vk', '2000000001']);
    const vkTimes = pace(limits, clock, vk);
    expect(vkTimes[20]! - vkTimes[0]!).toBe(1_000);
  });

  it('holds a chat for as long as the API said to wait', () => {
    const clock = { now: 0 };
    const limits = createSendLimits(() => clock.now);
    const rules = rulesFor('telegram', '-100555');
    limits.pause(rules, 7_000);
    expect(limits.waitMs(rules)).toBe(7_000);
    // Another chat is not held.
    expect(limits.waitMs(rulesFor('telegram', '-100777'))).toBe(0);
  });
});
