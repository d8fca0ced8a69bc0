import { productInputSchema, type AdminProduct } from '@shop/shared';
import type { z } from 'zod';
import { failure, fromZodError, type FormResult } from '../shared/form-result';
import { kitFailure, kitLinesToInput, kitToForm, type KitLineValues } from './kit-form';
import {
  isListed,
  unknownCategoryMessage,
  unknownTierMessage,
  type CatalogueLists,
  type CategoryList,
} from './catalogue-lists';

export type ProductPayload = z.output<typeof productInputSchema>;

/** Text fields hold what the admin typed; the mapping below turns them into the API's types. */
export interface ProductFormValues {
  /** 'item': one game item (or commands); 'kit': the items of `kitItems`, as one product. */
  kind: 'item' | 'kit';
  kitItems: KitLineValues[];
  name: string;
  originalName: string;
  description: string;
  gameItemName: string;
  gameItemId: string;
  /** A key of the owner's categories; '' until one is chosen. */
  category: string;
  server: string;
  price: string;
  quantity: string;
  image: string;
  commands: string;
  personalUserId: string;
  /** 'none' or a key of the owner's VIP tiers: a select cannot hold an empty value. */
  vipTier: string;
  vipDays: string;
  revokeCommands: string;
  /** Hours after a wipe it is not sold, as typed ('' is 0). */
  wipeBlockHours: string;
  untilWipe: boolean;
  popular: boolean;
  inStock: boolean;
  isActive: boolean;
}

export const REQUIRED_PRODUCT_FIELDS =
  'Заполните обязательные поля (название, игровое название, цена, категория)';
/** A kit has no game item name of its own: its lines name the items. */
export const REQUIRED_KIT_FIELDS = 'Заполните обязательные поля (название, цена, категория)';
/** The server's own message for a tier without days or days without a tier. */
export const VIP_FIELDS_REQUIRED = 'Для VIP-товара укажите и уровень, и срок в днях';
const VIP_DAYS_INTEGER = 'Срок VIP: целое число дней';

/** The console group a tier maps to on the server when no commands are given: 'vip_gold'. */
export const vipGroup = (tier: string) => `vip_${tier.toLowerCase()}`;

/**
 * The VIP part of the form shows for the VIP category and whenever a tier is set, so a product's VIP
 * settings never go out of sight while they are still submitted.
 */
export function showsVipFields(category: string, tier: string): boolean {
  return category === 'vip' || tier !== 'none';
}

export const emptyProductForm: ProductFormValues = {
  kind: 'item',
  kitItems: [],
  name: '',
  originalName: '',
  description: '',
  gameItemName: '',
  gameItemId: '',
  category: '',
  server: 'all',
  price: '',
  quantity: '1',
  image: '',
  commands: '',
  personalUserId: '',
  vipTier: 'none',
  vipDays: '',
  revokeCommands: '',
  wipeBlockHours: '0',
  untilWipe: false,
  popular: false,
  inStock: true,
  isActive: true,
};

export function productToForm(product: AdminProduct): ProductFormValues {
  return {
    kind: product.kitItems ? 'kit' : 'item',
    kitItems: kitToForm(product.kitItems),
    name: product.name,
    originalName: product.originalName ?? '',
    description: product.description,
    gameItemName: product.gameItemName,
    gameItemId: product.gameItemId === null ? '' : String(product.gameItemId),
    category: product.category,
    server: product.server,
    // While a sale runs, `price` is the sale's: the form edits the product's own price.
    price: String(product.originalPrice ?? product.price),
    quantity: String(product.quantity),
    image: product.image ?? '',
    commands: product.commands ?? '',
    personalUserId: product.personalUserId === null ? '' : String(product.personalUserId),
    // A tier the settings no longer list is kept: the select shows its key, the server says why.
    vipTier: product.vipTier ?? 'none',
    vipDays: product.vipDays === null ? '' : String(product.vipDays),
    revokeCommands: product.revokeCommands ?? '',
    wipeBlockHours: String(product.wipeBlockHours),
    untilWipe: product.untilWipe,
    popular: product.popular,
    inStock: product.inStock,
    isActive: product.isActive,
  };
}

/** '149,90' and '149.90' are both 149.9: admins type the Russian decimal comma. */
export function parseDecimal(raw: string): number {
  const text = raw.trim().replace(/\s/g, '').replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * SPEC §5: name, game item name, price and category are required (one message for all four); price is
 * a decimal, quantity an integer defaulting to 1, empty commands become null, the item id is optional.
 * A VIP product has both a tier and a term in days; empty revoke commands use the server's default.
 * The category and tier are keys of the owner's lists (`lists`, undefined until the settings arrive),
 * refused here with the server's words when the lists lack them.
 */
export function productFormToPayload(
  values: ProductFormValues,
  lists: CatalogueLists | undefined,
): FormResult<ProductPayload> {
  const kit = values.kind === 'kit';
  const required = kit
    ? (['name', 'price', 'category'] as const)
    : (['name', 'gameItemName', 'price', 'category'] as const);
  const missing = required.filter((field) => !values[field].trim());
  if (missing.length > 0)
    return failure(kit ? REQUIRED_KIT_FIELDS : REQUIRED_PRODUCT_FIELDS, [...missing]);
  if (kit) return kitFormToPayload(values, lists);
  if (!isListed(values.category, lists?.categories))
    return failure(unknownCategoryMessage(values.category), ['category']);

  const price = parseDecimal(values.price);
  if (!Number.isFinite(price)) return failure('Цена должна быть числом', ['price']);

  // VIP: both a tier and a term, or neither (the server's rule and message).
  const vipTier = values.vipTier === 'none' ? null : values.vipTier;
  const vipDays = blankToNull(values.vipDays);
  if ((vipTier === null) !== (vipDays === null))
    return failure(VIP_FIELDS_REQUIRED, [vipTier === null ? 'vipTier' : 'vipDays']);
  if (vipDays !== null && !/^\d+$/.test(vipDays)) return failure(VIP_DAYS_INTEGER, ['vipDays']);
  if (vipTier !== null && !isListed(vipTier, lists?.vipTiers))
    return failure(unknownTierMessage(vipTier), ['vipTier']);

  const parsed = productInputSchema.safeParse({
    name: values.name,
    originalName: blankToNull(values.originalName),
    description: values.description,
    gameItemName: values.gameItemName,
    gameItemId: blankToNull(values.gameItemId),
    category: values.category,
    server: values.server || 'all',
    price,
    quantity: values.quantity.trim() === '' ? 1 : values.quantity.trim(),
    image: blankToNull(values.image),
    popular: values.popular,
    inStock: values.inStock,
    isActive: values.isActive,
    commands: blankToNull(values.commands),
    personalUserId: blankToNull(values.personalUserId),
    vipTier,
    vipDays,
    revokeCommands: blankToNull(values.revokeCommands),
    wipeBlockHours: values.wipeBlockHours.trim() === '' ? 0 : values.wipeBlockHours.trim(),
    untilWipe: values.untilWipe,
  });
  return parsed.success ? { ok: true, payload: parsed.data } : fromZodError(parsed.error);
}

/**
 * A kit: its lines, and none of what a kit cannot carry (the item fields, the stack, commands and
 * VIP, which the form hides for a kit): the shared schema checks the lines and names the one wrong.
 */
function kitFormToPayload(
  values: ProductFormValues,
  lists: CatalogueLists | undefined,
): FormResult<ProductPayload> {
  if (!isListed(values.category, lists?.categories))
    return failure(unknownCategoryMessage(values.category), ['category']);
  const price = parseDecimal(values.price);
  if (!Number.isFinite(price)) return failure('Цена должна быть числом', ['price']);
  const parsed = productInputSchema.safeParse({
    name: values.name,
    originalName: blankToNull(values.originalName),
    description: values.description,
    category: values.category,
    server: values.server || 'all',
    price,
    image: blankToNull(values.image),
    popular: values.popular,
    inStock: values.inStock,
    isActive: values.isActive,
    personalUserId: blankToNull(values.personalUserId),
    wipeBlockHours: values.wipeBlockHours.trim() === '' ? 0 : values.wipeBlockHours.trim(),
    untilWipe: values.untilWipe,
    kitItems: kitLinesToInput(values.kitItems),
  });
  return parsed.success ? { ok: true, payload: parsed.data } : kitFailure(parsed.error);
}

/**
 * SPEC §2 admin 4: what picking a game item fills in; `name` is the server's Russian name for it. The
 * item's category is taken when the owner lists it and shows it to players; otherwise the admin picks.
 */
export function itemToFormFields(
  item: { id: number; shortname: string; nameEn: string; category: string },
  name: string,
  categories: CategoryList | undefined,
): Partial<ProductFormValues> {
  const shown = categories?.some((category) => category.key === item.category && !category.hidden);
  return {
    name,
    gameItemName: item.shortname,
    gameItemId: String(item.id),
    originalName: item.nameEn,
    ...(shown ? { category: item.category } : {}),
  };
}
