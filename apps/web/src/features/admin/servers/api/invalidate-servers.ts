import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from '../../shared/admin-keys';

/** A server change shows on the admin list and on every public page that lists servers. */
export function invalidateServers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.servers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.servers }),
  ]);
}
