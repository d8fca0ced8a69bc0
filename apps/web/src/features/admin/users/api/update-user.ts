import { userSchema, type AdminUserUpdate, type User } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export interface UserUpdateVariables {
  id: number;
  input: AdminUserUpdate;
}

/** A balance change is money: the call carries one Idempotency-Key per admin action. */
export async function updateUser({ id, input }: UserUpdateVariables): Promise<User> {
  return userSchema.parse(await api.put(`/admin/users/${id}`, input, { idempotent: true }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}
