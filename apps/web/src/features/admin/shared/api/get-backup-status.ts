import { backupStatusSchema, type BackupStatus } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** The overview's backup line, refreshed every minute while it is shown. */
export function useBackupStatus() {
  return useQuery({
    queryKey: adminKeys.backups,
    queryFn: async ({ signal }): Promise<BackupStatus> =>
      backupStatusSchema.parse(await api.get('/admin/backups', { signal })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
