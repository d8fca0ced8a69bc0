import { z } from 'zod';
import { GIFT_MESSAGES } from './gift-fields';
import { deliveryStatusSchema, orderItemSchema } from './orders';

export const recipientQuerySchema = z.object({
  query: z.string().max(300, GIFT_MESSAGES.badQuery),
});

/** A player found by `/gifts/recipient`. */
export const recipientSchema = z.object({
  steamId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  hasAccount: z.boolean(),
  online: z.boolean(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** A gift as its recipient sees it in «Подарки». */
export const receivedGiftSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  from: z.object({ name: z.string(), avatar: z.string().nullable() }),
  message: z.string().nullable(),
  items: z.array(orderItemSchema),
  serverName: z.string().nullable(),
  delivery: z.object({
    status: deliveryStatusSchema,
    reason: z.string().nullable(),
    method: z.enum(['rcon', 'plugin']),
  }),
});
export type ReceivedGift = z.infer<typeof receivedGiftSchema>;

/** The live notice to a recipient on the site. */
export interface GiftReceivedEvent {
  orderId: string;
  from: string;
  message: string | null;
  items: string[];
}
