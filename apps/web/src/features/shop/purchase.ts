import {
  formatKits,
  formatStacks,
  pluralRu,
  purchaseSummary,
  stacksFor,
  zeroStacksMessage,
  type Product,
} from '@shop/shared';
import { blockedFor, offerOn, type OfferedProduct } from '@/lib/product-offer';
import {
  deliversByPlugin,
  isBuyableServer,
  isSoldOn,
  type PurchaseServer,
} from '@/lib/purchase-servers';

/** Where this product can be delivered now: buyable servers it is sold for ('all' or that id). */
export function serversForProduct<T extends PurchaseServer>(
  product: Pick<Product, 'server'>,
  servers: readonly T[],
): T[] {
  return servers.filter((server) => isBuyableServer(server) && isSoldOn(product, server));
}

export type PurchaseStart<T> =
  { kind: 'reload' } | { kind: 'no-servers' } | { kind: 'open'; servers: T[]; serverId: number };

/**
 * SPEC §4, what a buy click does: with no servers loaded yet, load them (the player clicks again);
 * with none to deliver to, refuse before any dialog; otherwise open with the first one chosen where
 * the product can be bought now (a server just wiped may still hold it back), else the first.
 */
export function purchaseStart<T extends PurchaseServer>(
  product: Pick<Product, 'server'> & OfferedProduct,
  servers: readonly T[] | undefined,
  now = Date.now(),
): PurchaseStart<T> {
  if (!servers?.length) return { kind: 'reload' };
  const available = serversForProduct(product, servers);
  const first =
    available.find((server) => blockedFor(offerOn(product, server.id), now) === null) ??
    available[0];
  if (!first) return { kind: 'no-servers' };
  return { kind: 'open', servers: available, serverId: first.id };
}

/**
 * A product that grants a VIP status (privileges on the server, not items in an inventory), or a
 * kit (several items, a stack of it is one kit).
 */
type Granted = Pick<Product, 'vipTier' | 'vipDays' | 'untilWipe' | 'kitItems'>;

const isVip = (product: Pick<Product, 'vipTier'>) => product.vipTier !== null;
const isKit = (product: Pick<Product, 'kitItems'>) => Boolean(product.kitItems);

/**
 * SPEC §5 delivery text for the chosen server; null while no server is chosen. Items go to the
 * inventory; a VIP status is granted on the server, which needs no room in it.
 */
export function deliveryHint(
  product: Pick<Product, 'vipTier' | 'kitItems'>,
  server: Pick<PurchaseServer, 'isPluginEnabled'> | undefined,
  quantity: number,
  stackSize: number,
): string | null {
  const zero = zeroStacksMessage(quantity, stackSize);
  if (zero) return zero;
  if (!server) return null;
  if (isVip(product))
    return deliversByPlugin(server)
      ? 'Статус VIP и его привилегии будут выданы на выбранном сервере, когда вы будете в игре: автоматически в течение нескольких секунд или по команде /store в игровом чате.'
      : 'Статус VIP и его привилегии будут выданы на выбранном сервере автоматически сразу после покупки, даже если вас нет в игре.';
  if (isKit(product))
    return deliversByPlugin(server)
      ? 'После покупки введите /store в игровом чате и заберите набор. Освободите место в инвентаре под все его предметы.'
      : 'Предметы набора добавятся в инвентарь автоматически после покупки, по стаку с небольшой задержкой. Если места не хватит или вас нет в игре, остальное придёт, когда оно освободится или вы зайдёте на сервер.';
  if (deliversByPlugin(server))
    return `После покупки введите /store в игровом чате и заберите товар. Освободите место в инвентаре: ${formatStacks(stacksFor(quantity, stackSize))}.`;
  return 'Товары добавятся в инвентарь автоматически после покупки, с небольшой задержкой между стаками. Если вас нет в игре, выдача произойдёт при следующем входе на сервер.';
}

const days = (count: number) => `${count} ${pluralRu(count, ['день', 'дня', 'дней'])}`;

/** What the price is for, after it in the dialog: «за стак (64 шт.)», «за набор», or a VIP's days. */
export function priceUnit(product: Granted, stackSize: number): string {
  if (isKit(product)) return 'за набор';
  if (!isVip(product)) return `за стак (${stackSize} шт.)`;
  return product.vipDays && !product.untilWipe ? `за ${days(product.vipDays)}` : '';
}

/**
 * What the chosen quantity comes to: «Всего предметов: 128 шт. (2 стака)», «Всего: 2 набора» for a
 * kit, or for a VIP the term it grants on the server («Срок VIP: 60 дней»), each stack adding the
 * product's days.
 */
export function purchaseSummaryFor(product: Granted, quantity: number, stackSize: number): string {
  if (isKit(product)) return `Всего: ${formatKits(stacksFor(quantity, stackSize))}`;
  if (!isVip(product)) return purchaseSummary(quantity, stackSize);
  if (product.untilWipe) return 'Статус VIP на выбранном сервере до его вайпа';
  if (!product.vipDays) return 'Статус VIP на выбранном сервере';
  return `Срок VIP: ${days(product.vipDays * stacksFor(quantity, stackSize))}`;
}
