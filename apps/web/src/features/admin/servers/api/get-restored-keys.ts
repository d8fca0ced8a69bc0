import { restoredKeysSchema, type RestoredKeys } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/**
 * The servers whose plugin key predates the last restore. Under the servers' key, so a new key
 * (which updates that list) is followed by a fresh answer here.
 */
export function useRestoredKeys() {
  return useQuery({
    queryKey: [...adminKeys.servers, 'restored-keys'],
    queryFn: async ({ signal }): Promise<RestoredKeys> =>
      restoredKeysSchema.parse(await api.get('/admin/backups/restored-keys', { signal })),
    staleTime: 30_000,
  });
}
