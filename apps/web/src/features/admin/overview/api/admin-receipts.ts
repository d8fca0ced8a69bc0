import {
  adminReceiptsReplySchema,
  adminReceiptsSummarySchema,
  type AdminReceiptsReply,
  type AdminReceiptsSummary,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** A top-up's fiscal receipts with their state (54-ФЗ through YooKassa). */
export function usePaymentReceipts(paymentId: string) {
  return useQuery({
    queryKey: [...adminKeys.payments, 'receipts', paymentId],
    queryFn: async ({ signal }): Promise<AdminReceiptsReply> =>
      adminReceiptsReplySchema.parse(
        await api.get(`/admin/payments/${encodeURIComponent(paymentId)}/receipts`, { signal }),
      ),
    // A receipt being registered changes state within minutes: the open dialog follows it.
    refetchInterval: 15_000,
  });
}

/** Receipts given up on, for the notice above «Пополнения». */
export function useReceiptsSummary() {
  return useQuery({
    queryKey: [...adminKeys.payments, 'receipts', 'summary'],
    queryFn: async ({ signal }): Promise<AdminReceiptsSummary> =>
      adminReceiptsSummarySchema.parse(await api.get('/admin/receipts/summary', { signal })),
    staleTime: 30_000,
  });
}
