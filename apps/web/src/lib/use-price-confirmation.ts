import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from './toast';
import { PRICE_CHANGED_ASK, priceChangeOf, type PriceChange } from './price-changed';
import { queryKeys } from './query-keys';

/**
 * The total a purchase screen asks the player to confirm after the shop refused one that rose
 * (409 price_changed). The new total holds while `choice` (server, quantities, gift or not) stays
 * what it was when refused; any other choice is priced afresh.
 */
export function usePriceConfirmation(choice: string) {
  const queryClient = useQueryClient();
  const [repriced, setRepriced] = useState<(PriceChange & { key: string }) | null>(null);
  const change = repriced?.key === choice ? repriced : null;
  return {
    /** The refused purchase's new total and the shop's message, for this choice only. */
    change,
    /**
     * Takes a purchase's failure: true when it was a price change, which is then shown, the
     * catalogue read again and the player asked again; false for any other failure.
     */
    refused(error: unknown): boolean {
      const changed = priceChangeOf(error);
      if (!changed) return false;
      setRepriced({ ...changed, key: choice });
      void queryClient.invalidateQueries({ queryKey: queryKeys.productsAll });
      toast.warning(changed.message, { description: PRICE_CHANGED_ASK });
      return true;
    },
  };
}
