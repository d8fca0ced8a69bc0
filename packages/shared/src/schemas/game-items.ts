import { z } from 'zod';
import { productCategories, type ProductCategory } from '../constants';
import { INT32_MAX } from './common';

const gameItemCategories = Object.keys(productCategories) as [
  ProductCategory,
  ...ProductCategory[],
];

/**
 * The one rule for an item's shortname, wherever it enters the shop (item table import, the plugin's
 * item list, a product's game item). The shop sends it to the game console as one quoted argument, so
 * it may hold spaces (the game has `2module car`) but never a quote, `;`, a line break or anything
 * else a console line could be bent with. Latin letters and digits first, at most 100 characters.
 */
export const SHORTNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}$/;
export const SHORTNAME_RULE =
  'Shortname предмета: латинские буквы, цифры, пробел, точка, дефис и подчёркивание, первой — буква или цифра, не длиннее 100 символов';

/** A shortname by SHORTNAME_PATTERN, after surrounding spaces are trimmed like any text typed in. */
export const shortnameSchema = z.string().trim().regex(SHORTNAME_PATTERN, SHORTNAME_RULE);

/** A row of the game's item table. Ids are the game's signed 32-bit item ids. */
export const gameItemSchema = z.object({
  id: z
    .number()
    .int()
    .min(-INT32_MAX - 1)
    .max(INT32_MAX),
  shortname: shortnameSchema,
  nameEn: z.string().trim().min(1).max(200),
  nameRu: z.string().trim().max(200).nullable().optional().default(null),
  // The game's own classification, as the shipped item table has it: the shop's first categories.
  category: z.enum(gameItemCategories).optional().default('miscellaneous'),
});
export type GameItem = z.output<typeof gameItemSchema>;

export const itemImportSchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Формат файла: JSON или CSV' }),
  content: z.string().min(1, 'Файл пуст').max(3_000_000, 'Файл слишком большой (не более 3 МБ)'),
});

export const itemImportResultSchema = z.object({
  imported: z.number().int(),
  total: z.number().int(),
});
