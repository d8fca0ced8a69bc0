import type { products, sales } from '../../db/schema/index';

const HOUR_MS = 3_600_000;

/** What pricing needs of a sale (a row of `sales`). */
export type SaleTerms = Pick<
  typeof sales.$inferSelect,
  | 'id'
  | 'percent'
  | 'targetKind'
  | 'category'
  | 'productIds'
  | 'startsAt'
  | 'endsAt'
  | 'afterWipeHours'
  | 'serverId'
>;

/** What pricing needs of a product (a row of `products`). */
export type PricedProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'category' | 'serverId' | 'priceKopecks' | 'wipeBlockHours'
>;

/**
 * Everything a price depends on besides the product and the moment: the sales, and each server's
 * last wipe at or before that moment (by server id; a server never wiped is absent).
 */
export interface PricingState {
  sales: readonly SaleTerms[];
  lastWipes: ReadonlyMap<number, Date>;
}

/** A product's price and availability for one server at one moment. Money in kopecks per stack. */
export interface PriceInForce {
  priceKopecks: number;
  /** The price before the sale; null when no sale runs. */
  originalKopecks: number | null;
  percent: number | null;
  saleId: number | null;
  /** When the sale that gives this price stops (a wipe sale: the last wipe + its hours). */
  saleEndsAt: Date | null;
  /** Set while the wipe block holds: when the product can be bought. */
  availableAt: Date | null;
}

/**
 * The sale price of a stack: round(price × (100 − percent) / 100) kopecks, half up, in integers (no
 * float ever touches money), and never below one kopeck: a sale makes a product cheaper, not free.
 */
export function salePriceKopecks(priceKopecks: number, percent: number): number {
  return Math.max(1, Math.floor((priceKopecks * (100 - percent) + 50) / 100));
}

/** Whether the sale lowers this product's price (wherever and whenever it runs). */
export function saleTargets(sale: SaleTerms, product: Pick<PricedProduct, 'id' | 'category'>) {
  switch (sale.targetKind) {
    case 'all':
      return true;
    case 'category':
      return sale.category === product.category;
    case 'products':
      return sale.productIds?.includes(product.id) ?? false;
    default:
      return false;
  }
}

/**
 * When the sale runs, [from, to): a timed sale's own times; a wipe sale's the `afterWipeHours`
 * after its server's last wipe (none before that server's first wipe).
 */
export function saleWindow(
  sale: SaleTerms,
  lastWipes: ReadonlyMap<number, Date>,
): { from: Date; to: Date } | null {
  if (sale.startsAt && sale.endsAt) return { from: sale.startsAt, to: sale.endsAt };
  if (sale.serverId === null || sale.afterWipeHours === null) return null;
  const wipe = lastWipes.get(sale.serverId);
  if (!wipe) return null;
  return { from: wipe, to: new Date(wipe.getTime() + sale.afterWipeHours * HOUR_MS) };
}

const within = (at: Date, window: { from: Date; to: Date }) =>
  at.getTime() >= window.from.getTime() && at.getTime() < window.to.getTime();

/** Whether the sale lowers a price on this server (null: no server chosen) at this moment. */
export function saleRunsOn(
  sale: SaleTerms,
  serverId: number | null,
  at: Date,
  lastWipes: ReadonlyMap<number, Date>,
): boolean {
  // A wipe sale is its server's alone.
  if (sale.serverId !== null && sale.serverId !== serverId) return false;
  const window = saleWindow(sale, lastWipes);
  return window !== null && within(at, window);
}

/** The end of the product's wipe block on this server, while it holds at this moment; else null. */
export function blockedUntil(
  product: Pick<PricedProduct, 'wipeBlockHours'>,
  serverId: number | null,
  at: Date,
  lastWipes: ReadonlyMap<number, Date>,
): Date | null {
  if (product.wipeBlockHours <= 0 || serverId === null) return null;
  const wipe = lastWipes.get(serverId);
  if (!wipe) return null;
  const until = new Date(wipe.getTime() + product.wipeBlockHours * HOUR_MS);
  return wipe.getTime() <= at.getTime() && at.getTime() < until.getTime() ? until : null;
}

/**
 * THE price in force, used by every purchase path and the catalogue: of the sales running for this
 * product on this server at this moment, the best for the buyer (the highest percent; of equals the
 * one that lasts longest, so `saleEndsAt` is not sooner than the price really ends). A product sold
 * on one server is always priced for it; a product sold on every server takes its wipe sales and
 * block from `serverId`, the server it is bought for (null: none chosen, timed sales only).
 */
export function priceInForce(
  product: PricedProduct,
  serverId: number | null,
  at: Date,
  state: PricingState,
): PriceInForce {
  const server = product.serverId ?? serverId;
  let best: { sale: SaleTerms; endsAt: Date } | null = null;
  for (const sale of state.sales) {
    if (!saleTargets(sale, product) || !saleRunsOn(sale, server, at, state.lastWipes)) continue;
    const endsAt = saleWindow(sale, state.lastWipes)!.to;
    if (
      !best ||
      sale.percent > best.sale.percent ||
      (sale.percent === best.sale.percent && endsAt > best.endsAt)
    ) {
      best = { sale, endsAt };
    }
  }
  const availableAt = blockedUntil(product, server, at, state.lastWipes);
  if (!best) {
    return {
      priceKopecks: product.priceKopecks,
      originalKopecks: null,
      percent: null,
      saleId: null,
      saleEndsAt: null,
      availableAt,
    };
  }
  return {
    priceKopecks: salePriceKopecks(product.priceKopecks, best.sale.percent),
    originalKopecks: product.priceKopecks,
    percent: best.sale.percent,
    saleId: best.sale.id,
    saleEndsAt: best.endsAt,
    availableAt,
  };
}

/**
 * The first moment after `at` at which some price or block may change: a sale starting or ending,
 * a block ending. Until then every price in force stays as it is, so a catalogue built at `at` may
 * be served unchanged. Null when nothing is due.
 */
export function nextPriceChange(
  at: Date,
  state: PricingState,
  blockHours: Iterable<number>,
): Date | null {
  const moments: number[] = [];
  for (const sale of state.sales) {
    const window = saleWindow(sale, state.lastWipes);
    if (window) moments.push(window.from.getTime(), window.to.getTime());
  }
  for (const hours of blockHours) {
    if (hours <= 0) continue;
    for (const wipe of state.lastWipes.values()) moments.push(wipe.getTime() + hours * HOUR_MS);
  }
  const next = Math.min(...moments.filter((moment) => moment > at.getTime()));
  return Number.isFinite(next) ? new Date(next) : null;
}
