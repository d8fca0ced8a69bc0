import { heldOrderSchema, holdDecisionReplySchema, type HeldOrder } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** Under the admin scope, so signing out drops it with the rest. */
const holdsKey = [...adminKeys.all, 'holds'] as const;

/** Orders a reversed top-up holds, oldest hold first: nothing of them goes out until a decision. */
export function useHeldOrders() {
  return useQuery({
    queryKey: holdsKey,
    queryFn: async ({ signal }): Promise<HeldOrder[]> =>
      z.array(heldOrderSchema).parse(await api.get('/admin/holds', { signal })),
    staleTime: 10_000,
  });
}

export type HoldDecision = 'cancel' | 'release';

/** «Отменить и вернуть» (credits the undelivered part, paying the debt down) or «Выдать». */
export function useDecideHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; decision: HoldDecision }) =>
      holdDecisionReplySchema.parse(
        await api.post(
          `/admin/holds/${encodeURIComponent(input.orderId)}/${input.decision}`,
          undefined,
          // Cancelling credits money: a retried request must not credit twice.
          { idempotent: input.decision === 'cancel' },
        ),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: holdsKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}
