/**
 * The owner's primary colour, checked and completed by WCAG 2.x contrast: buttons draw their label
 * on it, and links, outlines and focus rings draw it on the page's dark background.
 */

/** The page's background (index.css `--color-background`). */
export const PAGE_BACKGROUND = '#0b0a09';
/** Links and focus rings in the primary colour must stay visible on the page: WCAG 1.4.11. */
export const MIN_PRIMARY_CONTRAST = 3;

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2.x relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or black, whichever reads better on the colour (AA asks 4.5:1 for a button's label). */
export function textOn(hex: string): '#ffffff' | '#000000' {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#ffffff' : '#000000';
}

/** The colour a little darker, for a hovered button. */
export function darker(hex: string, amount = 0.12): string {
  return `#${channels(hex)
    .map((channel) =>
      Math.round(channel * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Why a primary colour cannot be used, in Russian, or null when it can. */
export function primaryColorProblem(hex: string): string | null {
  if (!HEX_COLOR.test(hex)) return 'Укажите цвет в виде #RRGGBB, например #ce422b';
  const ratio = contrastRatio(hex, PAGE_BACKGROUND);
  if (ratio < MIN_PRIMARY_CONTRAST) {
    return `Цвет слишком тёмный для тёмного фона страницы: контраст ${ratio.toFixed(2)}:1, нужно не меньше ${MIN_PRIMARY_CONTRAST}:1 — ссылки и рамки фокуса стали бы не видны`;
  }
  return null;
}

/** The CSS custom properties the web's theme reads (index.css), from the owner's colours. */
export function themeVariables(colors: { primary: string; overlayPercent: number }) {
  const primary = colors.primary.toLowerCase();
  return {
    '--color-primary': primary,
    '--color-primary-hover': darker(primary),
    '--color-primary-foreground': textOn(primary),
    '--color-ring': primary,
    '--site-overlay': String(colors.overlayPercent / 100),
  };
}
