import { describe, expect, it } from 'vitest';
import { vipPlanLabelled, vipTierLabel } from './vip-tiers';

const tiers = [
  { key: 'Bronze', label: 'Бронза' },
  { key: 'Gold', label: 'Золото' },
  { key: 'Silver', label: 'Золото' },
];

describe('VIP tier names from the owner’s settings', () => {
  it('shows the owner’s label for a tier, whatever the case it was stored in', () => {
    expect(vipTierLabel('Gold', tiers)).toBe('Золото');
    expect(vipTierLabel(' gold ', tiers)).toBe('Золото');
    expect(vipTierLabel('BRONZE', tiers)).toBe('Бронза');
  });

  it('shows a tier the settings do not name, or any before they arrive, as stored', () => {
    expect(vipTierLabel('Legacy', tiers)).toBe('Legacy');
    expect(vipTierLabel('Gold', undefined)).toBe('Gold');
  });

  it('words a plan with the labels, as one stretch where two tiers read alike', () => {
    const now = new Date('2025-11-26T12:00:00Z');
    const steps = [
      { tier: 'Gold', from: '2025-11-26T12:00:00Z', until: '2025-12-26T12:00:00Z' },
      { tier: 'Silver', from: '2025-12-26T12:00:00Z', until: '2026-01-02T12:00:00Z' },
    ];
    expect(vipPlanLabelled(steps, tiers, now)).toBe('Золото до 02.01');
    expect(vipPlanLabelled(steps, tiers.slice(0, 2), now)).toBe(
      'Золото до 26.12, затем Silver до 02.01',
    );
    expect(vipPlanLabelled([], tiers, now)).toBe('без VIP');
  });
});
