/** '12 345' with Russian digit grouping; money as '1 234 ₽'. */
export { formatNumberRu as formatNumber, formatRoubles } from '@shop/shared';

/**
 * Made at the first date shown, not when the module loads: the first Intl formatter of a page loads
 * ICU's locale data (tens of milliseconds on a phone), and the public pages show no date.
 */
function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('ru-RU', options));
}

const dateFormat = lazyDateFormat({ day: '2-digit', month: 'long', year: 'numeric' });
const dateTimeFormat = lazyDateFormat({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 марта 2025 г.'; an unparseable value is shown as a dash rather than 'Invalid Date'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateFormat().format(date) : '—';
}

/** '05.03.2025, 14:07'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '—';
}
