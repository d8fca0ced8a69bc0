import { z } from 'zod';
import { errorMessages } from '../messages';
import { isSafeText } from '../text-rules';
import { CATEGORY_KEY } from '../site/site-content';
import { dbIdSchema } from './common';

/** What a sale lowers the price of: everything, one category, or chosen products. */
export const saleTargetSchema = z.union(
  [
    z.object({ all: z.literal(true) }),
    z.object({
      category: z.string({ error: 'Выберите категорию' }).regex(CATEGORY_KEY, 'Выберите категорию'),
    }),
    z.object({
      productIds: z
        .array(dbIdSchema, { error: 'Выберите товары' })
        .min(1, 'Выберите хотя бы один товар')
        .max(500, 'Не больше 500 товаров в одной распродаже'),
    }),
  ],
  { error: 'Укажите, на что действует скидка' },
);
export type SaleTarget = z.infer<typeof saleTargetSchema>;

const NAME = 'Название распродажи: от 1 до 80 символов';
const WRONG_TIME = 'Время указано неверно';

/**
 * A sale: `percent` off while it runs. Either timed (`startsAt`..`endsAt`) or tied to a server's
 * wipe (`afterWipeHours` after each wipe of `serverId`, on that server only).
 */
export const saleInputSchema = z
  .object({
    name: z
      .string({ error: NAME })
      .trim()
      .min(1, NAME)
      .max(80, NAME)
      // One line: the request guard lets line breaks and tabs through for multi-line fields.
      .refine((text) => isSafeText(text), errorMessages.unsafeText),
    percent: z.coerce
      .number({ error: 'Скидка: от 1 до 90 %' })
      .int('Скидка: целое число процентов')
      .min(1, 'Скидка: от 1 до 90 %')
      .max(90, 'Скидка: от 1 до 90 %'),
    target: saleTargetSchema,
    startsAt: z.iso.datetime({ offset: true, error: WRONG_TIME }).nullable().optional(),
    endsAt: z.iso.datetime({ offset: true, error: WRONG_TIME }).nullable().optional(),
    afterWipeHours: z.coerce
      .number()
      .int('Часы после вайпа: целое число')
      .min(1, 'Часы после вайпа: от 1 до 720')
      .max(720, 'Часы после вайпа: от 1 до 720')
      .nullable()
      .optional(),
    serverId: dbIdSchema.nullable().optional(),
  })
  .superRefine((sale, ctx) => {
    const timed = sale.startsAt != null || sale.endsAt != null;
    const byWipe = sale.afterWipeHours != null || sale.serverId != null;
    if (timed === byWipe) {
      ctx.addIssue({
        code: 'custom',
        path: ['startsAt'],
        message: 'Укажите либо начало и конец, либо часы после вайпа и сервер',
      });
      return;
    }
    if (timed) {
      if (sale.startsAt == null || sale.endsAt == null) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Укажите начало и конец' });
      } else if (Date.parse(sale.endsAt) <= Date.parse(sale.startsAt)) {
        ctx.addIssue({
          code: 'custom',
          path: ['endsAt'],
          message: 'Конец распродажи должен быть позже начала',
        });
      }
    } else if (sale.afterWipeHours == null || sale.serverId == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['afterWipeHours'],
        message: 'Укажите часы после вайпа и сервер',
      });
    }
  });
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percent: z.number().int(),
  target: saleTargetSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  afterWipeHours: z.number().int().nullable(),
  serverId: z.number().int().nullable(),
  /** Whether it lowers a price right now (for a wipe sale: on its server, since the last wipe). */
  runningNow: z.boolean(),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
