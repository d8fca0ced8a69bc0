/**
 * A rouble amount typed by a player. Amount arrives as the raw input text so that "abc" can be told
 * apart from an empty field. Only plain decimals count as numbers ('1e3' or '0x10' would pass
 * Number() but are not what a player means); a comma works as the decimal point.
 */
export function parseAmount(raw: string): number {
  const text = raw.trim();
  return /^\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}
