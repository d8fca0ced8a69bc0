import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { CATEGORY_KEY, VIP_TIER_KEY } from '../site/site-content';
import { dbIdSchema, gameItemIdSchema } from './common';
import { SHORTNAME_PATTERN, SHORTNAME_RULE } from './game-items';
import { KIT_MESSAGES, kitItemSchema, kitItemsInputSchema } from './kits';

/**
 * A category's key. Which keys exist is the owner's setting (the site module), so the server checks
 * a product's category against the settings in force; this only keeps the shape.
 */
export const productCategorySchema = z
  .string({ error: 'Выберите категорию' })
  .regex(CATEGORY_KEY, 'Выберите категорию');

/** A product's price and availability on one server, where a wipe makes them differ. */
export const productOfferSchema = z.object({
  serverId: z.number().int(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  salePercent: z.number().int().nullable(),
  saleEndsAt: z.string().nullable(),
  availableAt: z.string().nullable(),
});
export type ProductOffer = z.infer<typeof productOfferSchema>;

/** PRODUCT of the specification, as buyers see it. Money in roubles. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  originalName: z.string().nullable(),
  description: z.string(),
  gameItemName: z.string(),
  gameItemId: z.number().int().nullable(),
  category: productCategorySchema,
  /** 'all' or a server id, as a string (SPEC). */
  server: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  image: z.string().nullable(),
  popular: z.boolean(),
  inStock: z.boolean(),
  isActive: z.boolean(),
  /** Set for a personal gift: only this user may buy it. */
  personalUserId: z.number().int().nullable(),
  /** A VIP product grants this tier for vipDays per stack bought. */
  vipTier: z.string().nullable(),
  vipDays: z.number().int().nullable(),
  /** Not sold for this many hours after the server's last wipe (0: no block). */
  wipeBlockHours: z.number().int(),
  /** What it grants lasts until the server's next wipe: revokeCommands run at the wipe. */
  untilWipe: z.boolean(),
  /**
   * The price before a running sale, else null; `price` is then the sale price, `salePercent` the
   * discount and `saleEndsAt` when it stops (null for a wipe sale's end when unknown).
   */
  originalPrice: z.number().nullable(),
  salePercent: z.number().int().nullable(),
  saleEndsAt: z.string().nullable(),
  /** Set while the wipe block holds: when the product can be bought. */
  availableAt: z.string().nullable(),
  /**
   * A product sold on every server, where some server's wipe (its sale or its block) makes the
   * offer differ from the fields above: that server's own price and availability.
   */
  serverOffers: z.array(productOfferSchema),
  /**
   * A kit: the items it gives, in giving order, each line for ONE kit bought. Null (or absent) for
   * any other product; a kit's `gameItemName` is empty and its `quantity` (stack) is 1.
   */
  kitItems: z.array(kitItemSchema).nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const adminProductSchema = productSchema.extend({
  /** What the shop shows: `image`, else the game item's icon when the shop has one. */
  shownImage: z.string().nullable(),
  commands: z.string().nullable(),
  revokeCommands: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const REQUIRED = 'Заполните обязательные поля (название, игровое название, цена, категория)';

export const productInputSchema = z
  .object({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(120, 'Название не длиннее 120 символов'),
    originalName: z.string().trim().max(200).nullable().optional().default(null),
    description: z
      .string()
      .trim()
      .max(1000, 'Описание не длиннее 1000 символов')
      .optional()
      .default(''),
    // Required and a shortname unless the product is a kit (checked below); a kit stores ''.
    gameItemName: z.string({ error: REQUIRED }).trim().optional().default(''),
    gameItemId: z
      .preprocess((value) => (value === '' ? null : value), gameItemIdSchema.nullable())
      .optional()
      .default(null),
    category: z.string({ error: REQUIRED }).regex(CATEGORY_KEY, REQUIRED),
    server: z
      .string()
      .trim()
      .regex(/^(all|\d{1,9})$/, 'Выберите сервер или «Все серверы»')
      .optional()
      .default('all'),
    price: z.coerce
      .number({ error: REQUIRED })
      .positive('Цена должна быть больше 0')
      .max(1_000_000, 'Цена не больше 1 000 000 ₽')
      .refine(hasAtMostTwoDecimals, 'Цена: не больше двух знаков после запятой'),
    quantity: z.coerce
      .number()
      .int('Количество в стаке: целое число')
      .min(1, 'Количество в стаке: не меньше 1')
      .max(100_000)
      .optional()
      .default(1),
    image: z.string().trim().max(500).nullable().optional().default(null),
    popular: z.boolean().optional().default(false),
    inStock: z.boolean().optional().default(true),
    isActive: z.boolean().optional().default(true),
    commands: z
      .string()
      .trim()
      .max(2000, 'Команды не длиннее 2000 символов')
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    personalUserId: z
      .preprocess((value) => (value === '' ? null : value), dbIdSchema.nullable())
      .optional()
      .default(null),
    vipTier: z
      // The tiers are the owner's (settings); the server checks the key is one of them.
      .string({ error: 'Выберите уровень VIP' })
      .regex(VIP_TIER_KEY, 'Выберите уровень VIP')
      .nullable()
      .optional()
      .default(null),
    vipDays: z.coerce
      .number()
      .int('Срок VIP: целое число дней')
      .min(1, 'Срок VIP: не меньше 1 дня')
      .max(3650, 'Срок VIP: не больше 3650 дней')
      .nullable()
      .optional()
      .default(null),
    revokeCommands: z
      .string()
      .trim()
      .max(2000, 'Команды не длиннее 2000 символов')
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    wipeBlockHours: z.coerce
      .number()
      .int('Блокировка после вайпа: целое число часов')
      .min(0, 'Блокировка после вайпа: от 0 до 720 часов')
      .max(720, 'Блокировка после вайпа: от 0 до 720 часов')
      .optional()
      .default(0),
    untilWipe: z.boolean().optional().default(false),
    /** A kit's lines (null: not a kit). A kit has no item, commands or VIP of its own. */
    kitItems: kitItemsInputSchema.nullable().optional().default(null),
  })
  .superRefine((product, ctx) => {
    const refuse = (message: string, field: string) =>
      ctx.addIssue({ code: 'custom', message, path: [field] });
    if (product.kitItems === null) {
      if (!product.gameItemName) refuse(REQUIRED, 'gameItemName');
      else if (!SHORTNAME_PATTERN.test(product.gameItemName))
        refuse(SHORTNAME_RULE, 'gameItemName');
    } else {
      if (product.commands !== null) refuse(KIT_MESSAGES.commands, 'commands');
      if (product.vipTier !== null || product.vipDays !== null) refuse(KIT_MESSAGES.vip, 'vipTier');
      if (product.revokeCommands !== null) refuse(KIT_MESSAGES.revokeCommands, 'revokeCommands');
      if (product.quantity !== 1) refuse(KIT_MESSAGES.quantity, 'quantity');
    }
    if ((product.vipTier === null) !== (product.vipDays === null))
      refuse('Для VIP-товара укажите и уровень, и срок в днях', 'vipDays');
  })
  // A kit gives its lines, not an item of its own: its game item name is stored empty.
  .transform((product) => (product.kitItems ? { ...product, gameItemName: '' } : product));
export type ProductInput = z.input<typeof productInputSchema>;

export const productQuerySchema = z.object({
  category: productCategorySchema.optional(),
  server: z
    .string()
    .regex(/^(all|\d{1,9})$/)
    .optional(),
  search: z.string().max(100).optional(),
  popular: z.enum(['true', 'false']).optional(),
});
