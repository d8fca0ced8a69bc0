export { formatRoubles } from '@shop/shared';

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const numberFormat = new Intl.NumberFormat('ru-RU');

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 марта 2025 г.'; an unparseable value is shown as a dash rather than 'Invalid Date'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

/** '05.03.2025, 14:07'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** '12 345' with Russian digit grouping. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
