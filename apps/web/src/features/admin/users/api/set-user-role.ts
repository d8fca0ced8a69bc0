import { userSchema, type RoleUpdate, type User } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** `PUT /admin/users/:id/role`: the role, and for an admin the owner's narrower set. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: RoleUpdate }): Promise<User> =>
      userSchema.parse(await api.put(`/admin/users/${id}/role`, input)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}
