import { randomUUID } from 'node:crypto';
import { jobMethodOf, kopecksToRoubles, roublesToKopecks, stacksFor } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEADLOCK_DETECTED, sqlStateOf } from '../../db/execute';
import { hashToken } from '../auth/sessions-repository';
import { planDelivery } from '../delivery/delivery-plan';
import { orderItemImage, purchaseDescription } from './place-order';
import type { PurchaseReply } from './purchase-service';
import {
  applyPrice,
  checkLine,
  checkServer,
  fundsRefusal,
  purchasedMessage,
} from './purchase-rules';

/** The body of `POST /api/purchase` after its schema. */
export interface PurchaseBody {
  productId: number;
  serverId: number;
  quantity: number;
  giftTo?: string | undefined;
  expectedTotal?: number | undefined;
}

/**
 * orders_buy_one (migrations 0010, 0011, 0016): session, product, server, the sale percent in force
 * and the wipe block checked, then the whole purchase.
 */
const BUY_ONE = {
  name: 'orders_buy_one',
  text: `select outcome, status_code, body from orders_buy_one($1, $2, $3, $4, $5, $6::text::timestamptz,
    $7, $8, $9, $10::text::uuid, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::text::jsonb,
    $21::text::jsonb, $22, $23::text::timestamptz)`,
};

/** What the statement raises when the balance does not cover the purchase. */
const INSUFFICIENT_FUNDS = 'SH001';
/**
 * What it raises when the Idempotency-Key is stored already (a client's retry, or a request with
 * the same key that committed meanwhile): it rolled back, and the full path replays that reply.
 */
const KEY_STORED = 'SH002';

interface Outcome {
  outcome: 'done' | 'replayed' | 'mismatch' | 'signed-out' | 'stale';
  status_code: number | null;
  body: PurchaseReply | null;
}

/**
 * The common purchase (one product for oneself, not a VIP) in one round trip: session, product and
 * server come from memory, and one statement checks them against their rows and does the debit,
 * ledger row, order, item, delivery job, buyer's totals and Idempotency-Key with its reply. Returns
 * undefined when it cannot decide (a gift, a VIP, a kit, a rule the cached rows break, a wipe block, a
 * cached row that changed, a sale started or ended or a wipe recorded that this process has not
 * seen, a session no longer live): the caller then takes the full path, which answers with the
 * rows as they are. Every rule of the full path holds here (purchase.test.ts, quick-purchase.test.ts).
 */
export function createQuickPurchase(app: FastifyInstance) {
  return async function quickPurchase(
    request: FastifyRequest,
    reply: FastifyReply,
    input: PurchaseBody,
  ): Promise<PurchaseReply | undefined> {
    const buyer = request.user;
    if (!buyer || !request.sessionToken || input.giftTo !== undefined) return undefined;
    const view = await app.catalog.purchaseView(input.productId, input.serverId);
    const { product, server, price } = view;
    // A kit's lines are planned with the server's item list, which the cache does not hold.
    if (!product || !server || !price || product.vipTier || product.kitItems) return undefined;
    let line;
    try {
      line = checkLine(product, input.quantity, checkServer(server), buyer.id);
      // Priced from the cached sales and last wipes; the statement checks that this sale percent
      // (or none) is the one in force at this moment and that no wipe block holds, else answers
      // 'stale'. A block found here takes the full path too, which answers the 409.
      line = applyPrice(line, price, view.at);
    } catch {
      return undefined;
    }
    // A total above the one the player confirmed may be the cache's mistake (a sale this process has
    // not seen): the full path decides, from the rows, between the purchase and 409 price_changed.
    if (
      input.expectedTotal !== undefined &&
      line.costKopecks > roublesToKopecks(input.expectedTotal)
    ) {
      return undefined;
    }
    const key = app.idempotency.keyOf(request);
    const quantity = line.quantity;
    const answer: Omit<PurchaseReply, 'balance'> = {
      success: true,
      orderId: randomUUID(),
      // The statement charges this line's cost or nothing: it refuses a sale percent not in force.
      charged: kopecksToRoubles(line.costKopecks),
      message: purchasedMessage(product.name, quantity, server.name),
    };
    // The stored delivery-mode column as cached: the statement refuses it as stale when the row's
    // differs, so a server switched to the plugin (or hidden) meanwhile takes the full path.
    const cachedDeliveryModeColumn = server.isPluginEnabled;
    const method = jobMethodOf(server);
    let rows: Outcome[];
    try {
      rows = await app.dbRun<Outcome>({
        ...BUY_ONE,
        values: [
          hashToken(request.sessionToken),
          buyer.id,
          key?.key ?? null,
          key?.hash ?? null,
          product.id,
          product.updatedAt.toISOString(),
          server.id,
          cachedDeliveryModeColumn,
          server.name,
          answer.orderId,
          quantity,
          stacksFor(quantity, product.stackSize),
          line.priceKopecks,
          line.costKopecks,
          product.name,
          orderItemImage(product),
          purchaseDescription([line]),
          buyer.steamId,
          method,
          JSON.stringify(planDelivery(product, quantity, buyer.steamId)),
          JSON.stringify(answer),
          price.percent,
          view.at.toISOString(),
        ],
      });
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === INSUFFICIENT_FUNDS) throw await fundsRefusal(app.db, buyer.id);
      // This statement locks the buyer's row before it stores its key; the full path claims its
      // key first. Two requests with one key on the two paths at once can deadlock, and
      // PostgreSQL rolls one back: this one then takes the full path too.
      if (state === KEY_STORED || state === DEADLOCK_DETECTED) return undefined;
      throw error;
    }
    const [result] = rows;
    switch (result?.outcome) {
      case 'done':
        app.purchases.announce(buyer.id, result.body!, method === 'rcon');
        return result.body!;
      case 'replayed':
        app.idempotency.replay(reply, result.status_code ?? 200);
        return result.body!;
      case 'mismatch':
        throw app.idempotency.mismatch();
      case 'stale':
        app.catalog.reload();
        return undefined;
      default:
        return undefined;
    }
  };
}
