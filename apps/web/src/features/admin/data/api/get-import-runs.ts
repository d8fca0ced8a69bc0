import { balanceImportRunsSchema, type BalanceImportRuns } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** The latest balance imports, asked every second while one runs (`active`). */
export function useBalanceImportRuns(active: boolean) {
  return useQuery({
    queryKey: [...adminKeys.all, 'balance-import-runs'],
    queryFn: async ({ signal }): Promise<BalanceImportRuns> =>
      balanceImportRunsSchema.parse(await api.get('/admin/import/balances/runs', { signal })),
    enabled: active,
    refetchInterval: active ? 1_000 : false,
  });
}
