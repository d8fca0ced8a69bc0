import { userPurchasesSchema } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export type UserPurchases = z.infer<typeof userPurchasesSchema>;

export async function fetchUserPurchases(
  userId: number,
  page: number,
  signal?: AbortSignal,
): Promise<UserPurchases> {
  return userPurchasesSchema.parse(
    await api.get(`/admin/users/${userId}/purchases?page=${page}`, { signal }),
  );
}

export function userPurchasesQueryOptions(userId: number, page: number) {
  return queryOptions({
    queryKey: adminKeys.userPurchases(userId, page),
    queryFn: ({ signal }) => fetchUserPurchases(userId, page, signal),
  });
}

/** Keeps the current page on screen while the next one loads, so the table does not jump. */
export function useUserPurchases(userId: number | null, page: number) {
  return useQuery({
    ...userPurchasesQueryOptions(userId ?? 0, page),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}
