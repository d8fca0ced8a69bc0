import { promocodeSchema, type Promocode } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function fetchAdminPromocodes(signal?: AbortSignal): Promise<Promocode[]> {
  return z.array(promocodeSchema).parse(await api.get('/admin/promocodes', { signal }));
}

export function adminPromocodesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.promocodes,
    queryFn: ({ signal }) => fetchAdminPromocodes(signal),
  });
}

export function useAdminPromocodes() {
  return useQuery(adminPromocodesQueryOptions());
}
