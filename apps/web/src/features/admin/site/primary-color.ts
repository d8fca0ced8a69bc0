import { contrastRatio, PAGE_BACKGROUND, primaryColorProblem, textOn } from '@shop/shared';

/** What the colour field says under itself while the owner picks a colour. */
export type ColorVerdict =
  | { ok: false; problem: string }
  | { ok: true; ratio: string; text: '#ffffff' | '#000000'; textName: 'белый' | 'чёрный' };

/** «ce422b», « #CE422B »: what was typed, as the #rrggbb the colour input and the server take. */
export function normalizeHex(typed: string): string {
  const trimmed = typed.trim().toLowerCase();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/** The same check the server makes, and the button label colour the shop will use with it. */
export function colorVerdict(hex: string): ColorVerdict {
  const problem = primaryColorProblem(hex);
  if (problem) return { ok: false, problem };
  const text = textOn(hex);
  return {
    ok: true,
    ratio: contrastRatio(hex, PAGE_BACKGROUND).toFixed(1),
    text,
    textName: text === '#ffffff' ? 'белый' : 'чёрный',
  };
}
