import { describe, expect, it } from 'vitest';
import { clampPercent, gaugeTone } from './gauge-tone';

describe('gaugeTone', () => {
  it('is green under 50, yellow under 80, red from 80 up', () => {
    expect(gaugeTone(0)).toBe('green');
    expect(gaugeTone(49.9)).toBe('green');
    expect(gaugeTone(50)).toBe('yellow');
    expect(gaugeTone(79.9)).toBe('yellow');
    expect(gaugeTone(80)).toBe('red');
    expect(gaugeTone(100)).toBe('red');
  });
});

describe('clampPercent', () => {
  it('pins readings to the dial', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
  });
});
