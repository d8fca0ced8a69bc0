export type GaugeTone = 'green' | 'yellow' | 'red';

/** SPEC §2/§9: green under 50 percent, yellow under 80, red from 80 up. */
export function gaugeTone(percent: number): GaugeTone {
  if (percent < 50) return 'green';
  if (percent < 80) return 'yellow';
  return 'red';
}

/** A reading drawn on a 0-100 dial: NaN or out-of-range values are pinned to the ends. */
export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}
