import { z } from 'zod';
import { TOP_UP_MAX, TOP_UP_MIN } from './bonus';

/** Amount arrives as the raw input text so that "abc" can be told apart from an empty field. */
export function parseAmount(raw: string): number {
  return Number(raw.trim().replace(',', '.'));
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const topUpSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Введите сумму')
    .refine((raw) => raw === '' || Number.isFinite(parseAmount(raw)), 'Сумма должна быть числом')
    .refine(
      (raw) => !Number.isFinite(parseAmount(raw)) || parseAmount(raw) >= TOP_UP_MIN,
      'Сумма должна быть не менее 10 рублей',
    )
    .refine(
      (raw) => !Number.isFinite(parseAmount(raw)) || parseAmount(raw) <= TOP_UP_MAX,
      'Сумма не должна превышать 15000 рублей',
    ),
  method: z.enum(['kassa', 'sbp'], { error: 'Выберите способ оплаты' }),
  email: z.string().trim().min(1, 'Введите email').regex(EMAIL_PATTERN, 'Неверный формат email'),
  emailConfirmed: z.boolean().refine((value) => value, 'Подтвердите email'),
});

export type TopUpFormValues = z.input<typeof topUpSchema>;

export const topUpDefaults: TopUpFormValues = {
  amount: '',
  method: 'kassa',
  email: '',
  emailConfirmed: false,
};
