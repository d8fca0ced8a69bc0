import { auditPageSchema, type AuditEntry, type AuditPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/**
 * Newest first by when it happened, then by id. The server pages by id, and an entry written with
 * an earlier time (the demo's history) gets a later id than the entries it precedes.
 */
export function auditNewestFirst<T extends Pick<AuditEntry, 'id' | 'createdAt'>>(
  entries: readonly T[],
): T[] {
  return [...entries].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
}

const sortPage = (page: AuditPage): AuditPage => ({
  ...page,
  entries: auditNewestFirst(page.entries),
});

/** `full`: verify the whole chain, not only the entries added since the last verification. */
export function useAuditLog(page: number, full = false) {
  return useQuery({
    queryKey: [...adminKeys.audit(page), full ? 'full' : 'from-checkpoint'],
    queryFn: async ({ signal }): Promise<AuditPage> =>
      auditPageSchema.parse(
        await api.get(`/admin/audit?page=${page}${full ? '&full=1' : ''}`, { signal }),
      ),
    select: sortPage,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
