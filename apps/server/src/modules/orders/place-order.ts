import { randomUUID } from 'node:crypto';
import { jobMethodOf, stacksFor } from '@shop/shared';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema/index';
import { planDelivery } from '../delivery/delivery-plan';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { postEntry } from '../ledger/ledger';
import { createProductsRepository } from '../products/products-repository';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import type { ServerRow } from '../servers/servers-repository';
import { grantPurchasedVip, purchasedVip, type PurchasedVipLine } from '../vip/vip-grant';
import { badRequest } from '../../plugins/errors';
import { PURCHASE_MESSAGES, type PurchaseLine } from './purchase-rules';

type Account = Pick<UserRow, 'id' | 'steamId'>;

/** A gift: who receives what the buyer pays for, and what the buyer tells them. */
export interface GiftTarget {
  recipient: Account;
  /** The buyer's name as the recipient is shown it (in the game, in «Подарки»). */
  from: string;
  message: string | null;
}

export interface PlacedOrder {
  orderId: string;
  balanceKopecks: number;
}

/** The ledger row's text of a purchase. */
export const purchaseDescription = (lines: PurchaseLine[]) =>
  `Покупка: ${lines.map((line) => line.product.name).join(', ')}`.slice(0, 300);

/**
 * The picture an order line keeps: the product's own, as it was when bought. The game item's icon
 * is not kept: it is looked up when the order is read, so a line shows an icon only while the shop
 * has one (migration 0012).
 */
export const orderItemImage = (product: PurchaseLine['product']) => product.image;

/**
 * Everything a purchase changes, in the caller's transaction: the debit (refused, changing nothing,
 * when the balance does not cover it), the order and its items, one delivery job per line (a kit's
 * too: one job for all its items, its order item's `stacks` the kits bought), the
 * buyer's totals and favourite server, and any VIP it grants. Returns null when funds are short.
 * A gift is paid, owned and refunded by the buyer, but delivered to the recipient's Steam id and
 * extends the recipient's VIP.
 */
export async function placeOrder(
  tx: Db,
  user: Account,
  server: ServerRow,
  lines: PurchaseLine[],
  gift: GiftTarget | null = null,
  /** When it was placed, if not now: the demo's history of past purchases. */
  at?: Date,
  /** The server's predicted next wipe: where a VIP bought until the wipe runs to. */
  nextWipeAt: Date | null = null,
): Promise<PlacedOrder | null> {
  const target = gift?.recipient ?? user;
  // One VIP at a time: a second line's grant could never be revoked, its days would be lost.
  if (lines.filter((line) => line.product.vipTier && line.product.vipDays).length > 1) {
    throw badRequest(PURCHASE_MESSAGES.oneVipPerOrder);
  }
  const total = lines.reduce((sum, line) => sum + line.costKopecks, 0);
  // The debit comes first: when the balance does not cover it, nothing at all has been written.
  const order = { id: randomUUID() };
  const balance = await postEntry(tx, {
    userId: user.id,
    kind: 'purchase',
    amountKopecks: -total,
    description: purchaseDescription(lines),
    method: 'Баланс',
    orderId: order.id,
    at,
  });
  if (balance === null) return null;
  await tx.insert(orders).values({
    id: order.id,
    userId: user.id,
    serverId: server.id,
    totalKopecks: total,
    recipientId: gift?.recipient.id ?? null,
    giftMessage: gift?.message || null,
    ...(at ? { createdAt: at } : {}),
  });

  const method = jobMethodOf(server);
  const deliveries = createDeliveryRepository(tx);
  let vip: PurchasedVipLine | null = null;
  for (const line of lines) {
    const { product, quantity } = line;
    const stacks = stacksFor(quantity, product.stackSize);
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        name: product.name,
        image: orderItemImage(product),
        quantity,
        stacks,
        // What was charged per stack (the sale price while one ran), not the list price.
        priceKopecks: line.priceKopecks,
        totalKopecks: line.costKopecks,
        untilWipe: product.untilWipe,
      })
      .returning({ id: orderItems.id });
    const lineVip = purchasedVip(product, target.steamId, quantity, stacks, nextWipeAt);
    // A kit: its lines with names and stack limits as this server has them, one job for them all.
    const kitLines = product.kitItems
      ? await createProductsRepository(tx).kitLines(product.kitItems, server.id)
      : null;
    const planned = planDelivery({ ...product, kitLines }, quantity, target.steamId);
    const payload = {
      ...planned,
      ...(gift
        ? { gift: { from: gift.from, ...(gift.message ? { message: gift.message } : {}) } }
        : {}),
      ...(lineVip && planned.kind === 'commands'
        ? { vip: { tier: lineVip.tier, days: lineVip.days } }
        : {}),
    };
    // A VIP line's job is the vip module's to queue: when its term first runs, which for a lower
    // tier than the one held is when that one ends (decision record 0027).
    if (lineVip && item) {
      vip = {
        ...lineVip,
        serverId: server.id,
        order: { orderId: order.id, orderItemId: item.id, payload },
      };
      continue;
    }
    await deliveries.insert([
      {
        orderId: order.id,
        orderItemId: item?.id,
        userId: target.id,
        serverId: server.id,
        steamId: target.steamId,
        method,
        ...(at ? { createdAt: at, nextAttemptAt: at } : {}),
        payload,
      },
    ]);
  }

  if (vip) await grantPurchasedVip(tx, target, vip, at);
  await createUsersRepository(tx).recordPurchase(user.id, server.id, total);
  return { orderId: order.id, balanceKopecks: balance };
}
