import { z } from 'zod';
import { giftToSchema } from './gift-fields';

/** What a purchase would make of a VIP: the product, where, how many, for whom. */
export const vipPlanQuerySchema = z.object({
  productId: z.coerce.number().int().positive(),
  serverId: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().positive().max(10_000),
  giftTo: giftToSchema.optional(),
});

const vipStepSchema = z.object({
  tier: z.string(),
  from: z.string().optional(),
  until: z.string().optional(),
});

/**
 * The holder's VIP plan now and after the purchase, stretch by stretch. A gift's recipient's plan
 * names the tiers in order without `from` and `until`: their dates are not the buyer's to see.
 */
export const vipPlanSchema = z.object({
  current: z.array(vipStepSchema),
  after: z.array(vipStepSchema),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;
