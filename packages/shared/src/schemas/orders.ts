import { z } from 'zod';
import { orderStatuses } from '../constants';
import { dbIdSchema, INT32_MAX } from './common';
import { productCategorySchema } from './catalog';
import { giftFieldsSchema } from './gift-fields';
import { expectedTotalSchema } from './price-confirmation';

/** Confirmed prices belong to the purchase's body and replies. */
export * from './price-confirmation';
/** The paging of a player's orders and ledger. */
export * from './history-paging';

export const purchaseSchema = z.object({
  productId: z.coerce
    .number({ error: 'Product ID, Server ID, and valid quantity are required' })
    .int()
    .positive()
    .max(INT32_MAX, 'Товар недоступен для покупки.'),
  serverId: z.coerce
    .number({ error: 'Выберите сервер' })
    .int()
    .positive('Выберите сервер')
    .max(INT32_MAX, 'Сервер не найден'),
  quantity: z.coerce
    .number({ error: 'Product ID, Server ID, and valid quantity are required' })
    .int('Количество должно быть целым числом')
    .positive('Количество должно быть больше 0 (минимум 1 стак).'),
  ...giftFieldsSchema.shape,
  expectedTotal: expectedTotalSchema.optional(),
});

export const purchaseReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
  balance: z.number(),
  /**
   * What the purchase took from the balance, in roubles: the total in force when it ran. Every
   * purchase names it; optional only for a replay of a reply stored before it existed.
   */
  charged: z.number().optional(),
  /** A gift: who receives it. */
  gift: z.object({ steamId: z.string(), name: z.string() }).optional(),
});

export const cartAddSchema = z.object({
  productId: dbIdSchema,
  quantity: z.coerce.number().int().positive('Количество должно быть больше 0 (минимум 1 стак).'),
});

/** CART ITEM of the specification, plus the stack size and the line total. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  server: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  stackSize: z.number().int(),
  total: z.number(),
  available: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  total: z.number(),
});

export const cartPurchaseSchema = z.object({
  serverId: z.coerce
    .number({ error: 'Необходимо выбрать сервер для доставки товаров' })
    .int()
    .positive('Необходимо выбрать сервер для доставки товаров')
    .max(INT32_MAX, 'Сервер не найден'),
  ...giftFieldsSchema.shape,
  expectedTotal: expectedTotalSchema.optional(),
});

export const deliveryStatusSchema = z.enum([
  'pending',
  'sending',
  'delivered',
  'failed',
  'cancelled',
]);

export const orderItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** The product's own picture, else its game item's icon while the shop has one. */
  image: z.string().nullable(),
  /** The product's category: its picture when there is no other. */
  category: productCategorySchema,
  productId: z.number().int(),
});

/** ORDER of the specification, with its delivery state. */
export const orderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  date: z.string(),
  userId: z.number().int(),
  username: z.string(),
  total: z.number(),
  items: z.array(orderItemSchema),
  serverId: z.number().int(),
  serverName: z.string().nullable(),
  /** A gift: who receives it (the order stays the buyer's), and the buyer's note. */
  gift: z
    .object({ steamId: z.string(), name: z.string(), message: z.string().nullable() })
    .nullable(),
  status: z.enum(orderStatuses),
  isDelivered: z.boolean(),
  delivery: z.object({
    status: deliveryStatusSchema,
    /** Why delivery waits or failed, for the player and the admin. */
    reason: z.string().nullable(),
    method: z.enum(['rcon', 'plugin']),
  }),
  /** Each item's delivery, so an admin can retry or refund the one that failed. */
  deliveries: z.array(
    z.object({
      id: z.string(),
      itemName: z.string(),
      status: deliveryStatusSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

export const refundReplySchema = z.object({
  success: z.literal(true),
  refunded: z.number(),
  message: z.string(),
});

/** PURCHASE of the specification (admin's view of one user's buying). */
export const userPurchasesSchema = z.object({
  totalBought: z.number(),
  totalPurchasesCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  purchases: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      productName: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      orderStatus: z.enum(orderStatuses),
      isDelivered: z.boolean(),
    }),
  ),
});
