import { publicSiteSchema, type PublicSite } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from '../../shared/admin-keys';
import type { CatalogueLists } from '../catalogue-lists';

const listsSchema = publicSiteSchema.pick({ categories: true, vipTiers: true });

/**
 * Under the admin's site key: publishing the settings (the «Оформление» tab) refetches it with the
 * admin's own copy, so a category or tier just added is offered at once.
 */
const catalogueListsKey = [...adminKeys.site, 'catalogue'] as const;

const pick = (site: PublicSite | undefined): CatalogueLists | undefined =>
  site && { categories: site.categories, vipTiers: site.vipTiers };

/**
 * The owner's categories and VIP tiers in force (`GET /api/site`), for the products, sales and users
 * tabs. It starts from the settings the page already holds, so the forms have them at once; undefined
 * only until the first answer, while every key is shown as it is stored.
 */
export function useCatalogueLists(): CatalogueLists | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: catalogueListsKey,
    queryFn: async ({ signal }) => listsSchema.parse(await api.get('/site', { signal })),
    initialData: () => pick(queryClient.getQueryData<PublicSite>(queryKeys.site)),
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.site)?.dataUpdatedAt,
    staleTime: 60_000,
  }).data;
}
