import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** Ends every session of a user and closes their live connections (written to the audit log). */
export function useLogoutUserEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/admin/users/${id}/logout-everywhere`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}
