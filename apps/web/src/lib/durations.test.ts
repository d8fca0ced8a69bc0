import { describe, expect, it } from 'vitest';
import {
  agoText,
  ageText,
  availableInCountdown,
  countdownText,
  nextAgeTick,
  nextCountdownTick,
} from './durations';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('ageText and agoText', () => {
  it('says how old something is in the largest whole unit, in Russian', () => {
    expect(ageText(5 * MINUTE)).toBe('5 минут');
    expect(ageText(3 * HOUR)).toBe('3 часа');
    expect(ageText(21 * HOUR)).toBe('21 час');
    expect(ageText(50 * HOUR)).toBe('2 дня');
  });

  it('adds «назад», and says «только что» under a minute or for a time a little ahead', () => {
    expect(agoText(3 * DAY + 2 * HOUR)).toBe('3 дня назад');
    expect(agoText(MINUTE)).toBe('1 минуту назад');
    expect(agoText(59_000)).toBe('только что');
    expect(agoText(-5_000)).toBe('только что');
  });
});

describe('countdownText', () => {
  it('counts days and hours from a day on', () => {
    expect(countdownText(2 * DAY + 4 * HOUR)).toBe('2 д 4 ч');
    expect(countdownText(2 * DAY + 4 * HOUR + 30 * MINUTE)).toBe('2 д 4 ч');
    expect(countdownText(3 * DAY)).toBe('3 д');
    expect(countdownText(DAY)).toBe('1 д');
  });

  it("reads like the server's wait text under a day", () => {
    expect(countdownText(5 * HOUR + 12 * MINUTE)).toBe('5 ч 12 мин');
    expect(countdownText(2 * HOUR)).toBe('2 ч');
    expect(countdownText(12 * MINUTE + 1)).toBe('13 мин');
    expect(countdownText(1_000)).toBe('1 мин');
  });
});

describe('availableInCountdown', () => {
  it("says the server's words under a day, and days and hours from a day on", () => {
    expect(availableInCountdown(5 * HOUR + 12 * MINUTE)).toBe('Доступно через 5 ч 12 мин');
    expect(availableInCountdown(26 * HOUR)).toBe('Доступно через 1 д 2 ч');
  });
});

describe('nextCountdownTick', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('waits until the nearest minute mark of the moments still ahead', () => {
    expect(nextCountdownTick([now + 5 * MINUTE + 12_000], now)).toBe(12_000);
    expect(nextCountdownTick([now + 5 * MINUTE], now)).toBe(MINUTE);
    expect(nextCountdownTick([now + HOUR + 40_000, now + 2 * HOUR + 7_000], now)).toBe(7_000);
  });

  it('stops once every moment has passed', () => {
    expect(nextCountdownTick([now - 1, now], now)).toBeNull();
    expect(nextCountdownTick([], now)).toBeNull();
  });
});

describe('nextAgeTick', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('waits until the next whole minute since the moment, as «… назад» counts', () => {
    expect(nextAgeTick(now - 3 * HOUR - 12_000, now)).toBe(48_000);
    expect(nextAgeTick(now - 5 * MINUTE, now)).toBe(MINUTE);
    // A moment a fast clock put a little ahead reads «только что» until a minute after it.
    expect(nextAgeTick(now + 5_000, now)).toBe(65_000);
  });
});
