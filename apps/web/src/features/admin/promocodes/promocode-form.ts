import { promocodeInputSchema, type Promocode } from '@shop/shared';
import type { z } from 'zod';
import { formatNumber, formatRoubles } from '@/lib/format';

export type PromoType = Promocode['type'];

/** Every field as typed, so an empty box stays distinguishable from a 0. */
export interface PromocodeFormValues {
  code: string;
  type: PromoType;
  discount: string;
  usageLimit: string;
  /** 'YYYY-MM-DD' from the date input, or '' for a code that never expires. */
  expiresAt: string;
  description: string;
}

export type PromocodeField = keyof PromocodeFormValues;

/** What is sent: the shared schema's output with the expiry as an ISO instant. */
export type PromocodePayload = Omit<z.output<typeof promocodeInputSchema>, 'expiresAt'> & {
  expiresAt: string | null;
};

export type PromocodeFormResult =
  | { ok: true; payload: PromocodePayload }
  | { ok: false; errors: Partial<Record<PromocodeField, string>> };

export const promoTypeOptions: readonly (readonly [PromoType, string])[] = [
  ['percentage', 'Процент к пополнению'],
  ['fixed', 'Фиксированная сумма, ₽'],
];

export const emptyPromocodeForm: PromocodeFormValues = {
  code: '',
  type: 'percentage',
  discount: '',
  usageLimit: '',
  expiresAt: '',
  description: '',
};

/**
 * Text that is not a plain positive decimal becomes 0, so the shared rules answer with SPEC §5's own
 * words ('…должен быть числом больше 0') instead of the API's generic "fields are required" text.
 */
function numberFromText(text: string): number {
  const trimmed = text.trim();
  return /^\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : 0;
}

/** A code "valid until 31 December" works through that whole day in the admin's time zone. */
export function endOfDayIso(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const end = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** SPEC §5 admin promo rules, all of them the shared schema's; one message per field. */
export function promocodeFormToPayload(values: PromocodeFormValues): PromocodeFormResult {
  const expiresAt = values.expiresAt.trim() ? endOfDayIso(values.expiresAt.trim()) : null;
  const parsed = promocodeInputSchema.safeParse({
    code: values.code,
    type: values.type,
    discount: numberFromText(values.discount),
    usageLimit: numberFromText(values.usageLimit),
    expiresAt,
    description: values.description,
  });
  const errors: Partial<Record<PromocodeField, string>> = {};
  if (values.expiresAt.trim() && !expiresAt) errors.expiresAt = 'Неверная дата';
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as PromocodeField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    payload: { ...parsed.data, expiresAt: parsed.data.expiresAt?.toISOString() ?? null },
  };
}

export type PromoState = 'active' | 'expired' | 'exhausted' | 'inactive';

/** Why a code does or does not work right now, in the order the server checks it. */
export function promoState(promo: Promocode, now: Date = new Date()): PromoState {
  if (!promo.isActive) return 'inactive';
  if (promo.expiresAt && new Date(promo.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (promo.usageCount >= promo.maxUses) return 'exhausted';
  return 'active';
}

export const promoStateLabels: Record<PromoState, string> = {
  active: 'Активен',
  expired: 'Истёк',
  exhausted: 'Исчерпан',
  inactive: 'Неактивен',
};

/** '+10% к пополнению' or '100 ₽ на баланс'. */
export function promoValueLabel(promo: Pick<Promocode, 'type' | 'discount'>): string {
  return promo.type === 'percentage'
    ? `+${formatNumber(promo.discount)}% к пополнению`
    : `${formatRoubles(promo.discount)} на баланс`;
}

/** Share of the uses spent, 0-100, for the little bar. */
export function usagePercent(promo: Pick<Promocode, 'usageCount' | 'maxUses'>): number {
  if (promo.maxUses <= 0) return 100;
  return Math.min(100, Math.round((promo.usageCount / promo.maxUses) * 100));
}
