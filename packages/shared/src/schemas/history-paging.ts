import { z } from 'zod';
import {
  ORDERS_PAGE_MAX,
  ORDERS_PAGE_SIZE,
  TRANSACTIONS_PAGE_MAX,
  TRANSACTIONS_PAGE_SIZE,
} from '../purchase-texts';
import { dbIdSchema } from './common';

export {
  ORDERS_PAGE_MAX,
  ORDERS_PAGE_SIZE,
  TRANSACTIONS_PAGE_MAX,
  TRANSACTIONS_PAGE_SIZE,
} from '../purchase-texts';

/**
 * A player's whole history a page at a time, newest first: `before` is the last row of the page
 * already shown (the next page starts after it), `limit` how many rows a page holds.
 */
const limitSchema = (size: number, max: number) =>
  z.coerce
    .number({ error: `limit: целое число от 1 до ${max}` })
    .int(`limit: целое число от 1 до ${max}`)
    .min(1, `limit: целое число от 1 до ${max}`)
    .max(max, `limit: целое число от 1 до ${max}`)
    .optional()
    .default(size);

export const ordersPageQuerySchema = z.object({
  before: z.uuid({ error: 'before: номер заказа' }).optional(),
  limit: limitSchema(ORDERS_PAGE_SIZE, ORDERS_PAGE_MAX),
});

export const transactionsPageQuerySchema = z.object({
  before: dbIdSchema.optional(),
  limit: limitSchema(TRANSACTIONS_PAGE_SIZE, TRANSACTIONS_PAGE_MAX),
});
