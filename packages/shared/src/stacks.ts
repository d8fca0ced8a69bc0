import { formatNumberRu } from './number-format';
import { pluralRu } from './plural';
import type { Kopecks } from './money';

/**
 * Shop quantities are counted in stacks: a product is sold in steps of its stack size, and the price
 * is per stack. The web stepper and the server's purchase check both use these functions, so the
 * quantity the buyer sees is exactly the one the server accepts and charges for.
 */
export const MAX_QUANTITY = 10_000;

export const ZERO_STACKS_MESSAGE = 'Количество должно быть больше 0 (минимум 1 стак).';

function assertStackSize(stackSize: number): void {
  if (!Number.isSafeInteger(stackSize) || stackSize < 1) {
    throw new RangeError('stack size must be a positive integer');
  }
}

function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer`);
  }
}

/** Number of stacks a quantity takes, rounded up (a partial stack still costs a stack). */
export function stacksFor(quantity: number, stackSize: number): number {
  assertCount(quantity, 'quantity');
  assertStackSize(stackSize);
  // `%` is exact on integers, and (quantity - remainder) is an exact multiple, so no float rounding
  // can turn "one item past a full stack" into a whole number of stacks.
  const remainder = quantity % stackSize;
  return (quantity - remainder) / stackSize + (remainder > 0 ? 1 : 0);
}

/** Price × rounded-up stacks, in kopecks. */
export function costKopecks(priceKopecks: Kopecks, quantity: number, stackSize: number): Kopecks {
  assertCount(priceKopecks, 'price');
  const cost = priceKopecks * stacksFor(quantity, stackSize);
  if (!Number.isSafeInteger(cost)) throw new RangeError('cost is too large');
  return cost;
}

/**
 * The allowed range for a product. Normally one stack up to the largest multiple of the stack that
 * fits in MAX_QUANTITY. A product whose single stack is larger than MAX_QUANTITY (an admin may sell
 * 20000 wood as one lot) can still be bought: then its only valid quantity is exactly one stack.
 */
export function quantityBounds(stackSize: number): { min: number; max: number } {
  assertStackSize(stackSize);
  if (stackSize > MAX_QUANTITY) return { min: stackSize, max: stackSize };
  return { min: stackSize, max: MAX_QUANTITY - (MAX_QUANTITY % stackSize) };
}

export function isValidQuantity(quantity: number, stackSize: number): boolean {
  if (!Number.isSafeInteger(stackSize) || stackSize < 1) return false;
  if (!Number.isSafeInteger(quantity)) return false;
  const { min, max } = quantityBounds(stackSize);
  return quantity >= min && quantity <= max && quantity % stackSize === 0;
}

export function correctionMessage(quantity: number, stackSize: number): string {
  return `Количество скорректировано до ${quantity} (кратно ${stackSize})`;
}

export interface NormalizedQuantity {
  quantity: number;
  /** True when the result differs from what was asked for; the UI then shows `message` as a warning. */
  corrected: boolean;
  message: string | null;
}

/**
 * Brings any typed-in quantity to a valid one: rounds down to a multiple of the stack, then clamps
 * into the product's bounds. Garbage (NaN, ±Infinity) becomes one stack, since an input box can hold
 * anything and the buyer should land on the smallest purchase rather than an error.
 */
export function normalizeQuantity(requested: number, stackSize: number): NormalizedQuantity {
  const { min, max } = quantityBounds(stackSize);
  let quantity: number;
  if (!Number.isFinite(requested)) {
    quantity = min;
  } else {
    const whole = Math.floor(requested);
    if (whole < min) quantity = min;
    else if (whole > max) quantity = max;
    else quantity = whole - (whole % stackSize);
  }
  const corrected = !Object.is(quantity, requested);
  return {
    quantity,
    corrected,
    message: corrected ? correctionMessage(quantity, stackSize) : null,
  };
}

/** One click of the +/- stepper: one stack up or down, never leaving the bounds. */
export function stepQuantity(current: number, stackSize: number, direction: 1 | -1): number {
  const { min, max } = quantityBounds(stackSize);
  const next = normalizeQuantity(current, stackSize).quantity + direction * stackSize;
  return Math.min(max, Math.max(min, next));
}

/** Russian plural of «стак»: 1 стак, 2 стака, 5 стаков, 11 стаков, 21 стак, 22 стака. */
export function pluralStacks(count: number): 'стак' | 'стака' | 'стаков' {
  return pluralRu(count, ['стак', 'стака', 'стаков']);
}

/** '5 стаков'. */
export function formatStacks(count: number): string {
  return `${count} ${pluralStacks(count)}`;
}

/** «2 набора»: how a kit bought several times is counted. */
export function formatKits(count: number): string {
  return `${formatNumberRu(count)} ${pluralRu(count, ['набор', 'набора', 'наборов'])}`;
}

/** The purchase summary line: 'Всего предметов: 128 шт. (2 стака)'. */
export function purchaseSummary(quantity: number, stackSize: number): string {
  return `Всего предметов: ${quantity} шт. (${formatStacks(stacksFor(quantity, stackSize))})`;
}

/** The delivery hint's error for a quantity that makes no stack at all; null when there is one. */
export function zeroStacksMessage(quantity: number, stackSize: number): string | null {
  return stacksFor(quantity, stackSize) === 0 ? ZERO_STACKS_MESSAGE : null;
}
