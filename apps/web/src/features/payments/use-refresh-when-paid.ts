import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';

/** SPEC §2: a confirmed payment refreshes the session (balance, totals). A guest has none to refresh. */
export function useRefreshWhenPaid(paid: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: queryKeys.profileAll });
  }, [paid, queryClient]);
}
