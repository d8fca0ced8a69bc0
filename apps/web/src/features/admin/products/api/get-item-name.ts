import { z } from 'zod';
import { api } from '@/lib/api-client';

const itemNameSchema = z.object({
  name: z.string(),
  source: z.enum(['table', 'translation', 'original']),
});
export type ItemName = z.infer<typeof itemNameSchema>;

/**
 * The Russian product name for a picked item (the table's, else a translation, else the English one).
 * Called once per pick, imperatively: there is nothing to cache or keep fresh.
 */
export async function fetchItemName(id: number, signal?: AbortSignal): Promise<ItemName> {
  return itemNameSchema.parse(await api.get(`/admin/items/${id}/name`, { signal }));
}
