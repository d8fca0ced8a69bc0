import { auditPageSchema, type AuditPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: async ({ signal }): Promise<AuditPage> =>
      auditPageSchema.parse(await api.get(`/admin/audit?page=${page}`, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
