import { userSchema, type AdminUserUpdate, type User } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export interface UserUpdateVariables {
  id: number;
  input: AdminUserUpdate;
  /** One key per admin action, reused on the client's own retries: a balance change is money. */
  idempotencyKey: string;
}

export async function updateUser({
  id,
  input,
  idempotencyKey,
}: UserUpdateVariables): Promise<User> {
  return userSchema.parse(
    await api.put(`/admin/users/${id}`, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
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
