import { refundReplySchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export type RefundReply = z.infer<typeof refundReplySchema>;

/** Cancels the order's waiting and failed deliveries and credits their cost to the player. */
export async function refundOrder(id: string): Promise<RefundReply> {
  return refundReplySchema.parse(
    await api.post(`/admin/orders/${encodeURIComponent(id)}/refund`, undefined, {
      idempotent: true,
    }),
  );
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // The player's balance reaches them over the socket; the admin needs the order's new state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
