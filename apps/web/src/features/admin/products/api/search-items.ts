import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export const ITEM_SEARCH_LIMIT = 60;

const itemRowSchema = z.object({
  id: z.number().int(),
  shortname: z.string(),
  nameEn: z.string(),
  nameRu: z.string().nullable(),
  category: z.string(),
  /** The item's icon, or null when the shop has none. */
  image: z.string().nullable(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

const itemSearchSchema = z.object({ items: z.array(itemRowSchema), total: z.number().int() });
export type ItemSearch = z.infer<typeof itemSearchSchema>;

export async function searchItems(search: string, signal?: AbortSignal): Promise<ItemSearch> {
  const query = new URLSearchParams({ search, limit: String(ITEM_SEARCH_LIMIT) });
  return itemSearchSchema.parse(await api.get(`/admin/items?${query}`, { signal }));
}

export function itemSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: adminKeys.items(search),
    queryFn: ({ signal }) => searchItems(search, signal),
    // The table changes only on import, which invalidates these queries itself.
    staleTime: 5 * 60_000,
  });
}

export function useItemSearch(search: string, enabled: boolean) {
  // The previous results stay on screen while the next search loads, so the grid does not flash.
  return useQuery({
    ...itemSearchQueryOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
