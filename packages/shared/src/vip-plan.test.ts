import { describe, expect, it } from 'vitest';
import { mergeVipSteps, vipPlanText, vipTierRank } from './vip-plan';

const now = new Date('2025-11-26T12:00:00Z');

describe('VIP plan text', () => {
  it('reads a higher tier first, then the lower one resuming', () => {
    const text = vipPlanText(
      [
        { tier: 'Gold', from: '2025-11-26T12:00:00Z', until: '2025-12-26T12:00:00Z' },
        { tier: 'Silver', from: '2025-12-26T12:00:00Z', until: '2026-01-02T12:00:00Z' },
      ],
      now,
    );
    expect(text).toBe('Gold до 26.12, затем Silver до 02.01');
    const far = [{ tier: 'Gold', from: 'a', until: '2026-12-26T12:00:00Z' }];
    expect(vipPlanText(far, now)).toBe('Gold до 26.12.2026');
  });

  it('joins back-to-back stretches of one tier and dates in Moscow time', () => {
    const steps = [
      { tier: 'Gold', from: 'a', until: 'b' },
      { tier: 'Gold', from: 'b', until: '2025-12-25T22:30:00Z' },
    ];
    expect(mergeVipSteps(steps)).toEqual([
      { tier: 'Gold', from: 'a', until: '2025-12-25T22:30:00Z' },
    ]);
    expect(vipPlanText(steps, now)).toBe('Gold до 26.12');
    expect(vipPlanText([], now)).toBe('без VIP');
  });

  it('ranks the tiers in the order the shop lists them', () => {
    expect(vipTierRank('Gold')).toBeGreaterThan(vipTierRank('Silver'));
    expect(vipTierRank('Diamond')).toBeGreaterThan(vipTierRank('Platinum'));
    expect(vipTierRank('Legacy')).toBeLessThan(vipTierRank('Bronze'));
  });
});
