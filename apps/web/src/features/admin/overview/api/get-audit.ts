import { auditPageSchema, type AuditPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** `full`: verify the whole chain, not only the entries added since the last verification. */
export function useAuditLog(page: number, full = false) {
  return useQuery({
    queryKey: [...adminKeys.audit(page), full ? 'full' : 'from-checkpoint'],
    queryFn: async ({ signal }): Promise<AuditPage> =>
      auditPageSchema.parse(
        await api.get(`/admin/audit?page=${page}${full ? '&full=1' : ''}`, { signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
