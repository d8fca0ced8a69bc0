import type { promoActivateReplySchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PromoActivation = z.infer<typeof promoActivateReplySchema>;

/** A refused code is a 400/429 with the server's Russian message, thrown as an ApiError. */
export async function activatePromocode(code: string): Promise<PromoActivation> {
  return api.post<PromoActivation>('/promocodes/activate', { code }, { idempotent: true });
}

export function useActivatePromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromocode,
    onSuccess: () => {
      // A fixed code credits the balance at once (the socket pushes it too); reloading the profile
      // keeps the header right even when the live channel is down (SPEC §4).
      void queryClient.invalidateQueries({ queryKey: queryKeys.profileAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitingPromo });
    },
  });
}
