import type { FastifyBaseLogger } from 'fastify';

/**
 * The events an owner reads the log for: one line each, at info, with the ids that find the row in
 * the admin panel. Request lines are at debug (logging.ts), so these are what a day's log is made of.
 * Call it once the change is committed, never inside a transaction that may still roll back.
 */
export type BusinessEvent =
  | 'purchase'
  | 'topup_credited'
  | 'delivery_given'
  | 'delivery_failed'
  | 'delivery_waiting'
  | 'refund'
  | 'reversal'
  | 'admin_action'
  | 'restored_copy';

/** Ids and figures of an event; never a secret, a token or personal data beyond a user id. */
export interface BusinessEventFields {
  orderId?: number | string;
  paymentId?: number | string;
  userId?: number | string;
  deliveryId?: number | string;
  serverId?: number | string;
  productId?: number | string;
  amountKopecks?: number;
  quantity?: number;
  /** For admin actions: what was done (the journal's action name). */
  action?: string;
  /** Why, in the words the admin panel shows (a failed delivery's reason). */
  reason?: string;
  [other: string]: string | number | boolean | null | undefined;
}

/** Listeners told of every event (metrics count them); tests may listen too. */
const listeners = new Set<(event: BusinessEvent, fields: BusinessEventFields) => void>();

export function onBusinessEvent(
  listener: (event: BusinessEvent, fields: BusinessEventFields) => void,
): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Writes one line `{ event, ...ids }` with a short human message, e.g.
 * `logBusinessEvent(app.log, 'purchase', { orderId, userId, amountKopecks }, 'purchase completed')`.
 */
export function logBusinessEvent(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  event: BusinessEvent,
  fields: BusinessEventFields,
  message: string = event.replace(/_/g, ' '),
): void {
  const line = { event, ...fields };
  if (event === 'delivery_failed') log.warn(line, message);
  else log.info(line, message);
  for (const listener of listeners) {
    try {
      listener(event, fields);
    } catch {
      // A listener's fault (metrics) never breaks the business path that logged the event.
    }
  }
}
