import { saleInputSchema, type Sale, type SaleTarget } from '@shop/shared';
import type { SalePayload } from './api/create-sale';
import { failure, fromZodError, type FormResult } from '../shared/form-result';
import {
  categoryLabel,
  isListed,
  unknownCategoryMessage,
  type CategoryList,
} from '../products/catalogue-lists';

export type SaleTargetKind = 'all' | 'category' | 'products';
export type SaleTiming = 'timed' | 'after-wipe';

/** Every field as typed; both timings' fields are kept while the admin switches between them. */
export interface SaleFormValues {
  name: string;
  percent: string;
  targetKind: SaleTargetKind;
  /** A key of the owner's categories; '' until one is chosen. */
  category: string;
  productIds: number[];
  timing: SaleTiming;
  /** 'YYYY-MM-DDTHH:mm' from a datetime-local input, in the admin's own time. */
  startsAt: string;
  endsAt: string;
  afterWipeHours: string;
  serverId: string;
}
export type SaleField = keyof SaleFormValues;

export const saleTargetOptions: readonly (readonly [SaleTargetKind, string])[] = [
  ['all', 'Все товары'],
  ['category', 'Категория'],
  ['products', 'Выбранные товары'],
];

export const saleTimingOptions: readonly (readonly [SaleTiming, string])[] = [
  ['timed', 'По времени'],
  ['after-wipe', 'После вайпа'],
];

export const emptySaleForm: SaleFormValues = {
  name: '',
  percent: '',
  targetKind: 'all',
  category: '',
  productIds: [],
  timing: 'timed',
  startsAt: '',
  endsAt: '',
  afterWipeHours: '24',
  serverId: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local input shows it: the admin's own wall clock. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the admin's wall clock) as an ISO instant; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function saleToForm(sale: Sale): SaleFormValues {
  const { target } = sale;
  return {
    name: sale.name,
    percent: String(sale.percent),
    targetKind: 'all' in target ? 'all' : 'category' in target ? 'category' : 'products',
    category: 'category' in target ? target.category : '',
    productIds: 'productIds' in target ? target.productIds : [],
    timing: sale.afterWipeHours === null ? 'timed' : 'after-wipe',
    startsAt: toLocalInput(sale.startsAt),
    endsAt: toLocalInput(sale.endsAt),
    afterWipeHours:
      sale.afterWipeHours === null ? emptySaleForm.afterWipeHours : String(sale.afterWipeHours),
    serverId: sale.serverId === null ? '' : String(sale.serverId),
  };
}

function targetOf(
  values: SaleFormValues,
  categories: CategoryList | undefined,
): SaleTarget | { field: SaleField; message: string } {
  if (values.targetKind === 'all') return { all: true };
  if (values.targetKind === 'category') {
    if (!values.category) return { field: 'category', message: 'Выберите категорию' };
    return isListed(values.category, categories)
      ? { category: values.category }
      : { field: 'category', message: unknownCategoryMessage(values.category) };
  }
  return values.productIds.length > 0
    ? { productIds: values.productIds }
    : { field: 'productIds', message: 'Выберите хотя бы один товар' };
}

const WRONG_TIME = 'Время указано неверно';

/**
 * The sale the form describes, by the shared rules: a target, and either a start and an end or
 * hours after each wipe of one server. The other timing is sent as nulls, so an edit can switch.
 * A category is a key of the owner's (`categories`, undefined until the settings arrive).
 */
export function saleFormToPayload(
  values: SaleFormValues,
  categories: CategoryList | undefined,
): FormResult<SalePayload> {
  // The fields in the order the form shows them, so the message is about the first one wrong.
  const percent = values.percent.trim().replace('%', '').trim() || undefined;
  for (const [field, value] of [
    ['name', values.name],
    ['percent', percent],
  ] as const) {
    const checked = saleInputSchema.shape[field].safeParse(value);
    if (!checked.success)
      return failure(checked.error.issues[0]?.message ?? 'Проверьте поля формы', [field]);
  }
  const target = targetOf(values, categories);
  if ('field' in target) return failure(target.message, [target.field]);
  const timed = values.timing === 'timed';
  const startsAt = timed ? fromLocalInput(values.startsAt) : null;
  const endsAt = timed ? fromLocalInput(values.endsAt) : null;
  if (timed) {
    const missing = (['startsAt', 'endsAt'] as const).filter((field) => !values[field].trim());
    if (missing.length > 0) return failure('Укажите начало и конец', [...missing]);
    if (startsAt === null) return failure(WRONG_TIME, ['startsAt']);
    if (endsAt === null) return failure(WRONG_TIME, ['endsAt']);
  } else if (!values.serverId) return failure('Выберите сервер', ['serverId']);

  const parsed = saleInputSchema.safeParse({
    name: values.name,
    percent,
    target,
    startsAt,
    endsAt,
    afterWipeHours: timed ? null : values.afterWipeHours.trim() || undefined,
    serverId: timed ? null : values.serverId,
  });
  return parsed.success ? { ok: true, payload: parsed.data } : fromZodError(parsed.error);
}

export type SaleState = 'running' | 'scheduled' | 'finished' | 'waiting-wipe';

/** Whether the sale lowers prices now (the server's word), and if not, why not. */
export function saleState(sale: Sale, now: number): SaleState {
  if (sale.runningNow) return 'running';
  if (sale.afterWipeHours !== null) return 'waiting-wipe';
  if (sale.startsAt !== null && Date.parse(sale.startsAt) > now) return 'scheduled';
  return 'finished';
}

export const saleStateLabels: Record<SaleState, string> = {
  running: 'Идёт сейчас',
  scheduled: 'Запланирована',
  finished: 'Завершена',
  'waiting-wipe': 'Ждёт вайпа',
};

/**
 * «Все товары», «Категория: Оружие», «Штурмовая винтовка, Дерево и ещё 3». The category is named as
 * the owner calls it (`categories`), or by its key when the settings do not list it.
 */
export function saleTargetText(
  target: SaleTarget,
  products: readonly { id: number; name: string }[],
  categories: CategoryList | undefined,
): string {
  if ('all' in target) return 'Все товары';
  if ('category' in target) return `Категория: ${categoryLabel(target.category, categories)}`;
  const names = target.productIds.map(
    (id) => products.find((product) => product.id === id)?.name ?? `#${id}`,
  );
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} и ещё ${names.length - 2}` : shown;
}
