import type { LegalDocument, PublicSite, SiteContent, SiteLegal } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** `GET /api/admin/site`: the settings in force as the owner wrote them, texts unfilled. */
export interface AdminSite {
  version: number;
  content: SiteContent;
  legal: SiteLegal;
  /** True while a legal text is still the shipped sample, never saved by the owner. */
  legalSample: Record<LegalDocument, boolean>;
  defaults: { content: SiteContent; legal: SiteLegal };
  /** What players see now, pictures as their URLs. */
  public: PublicSite;
}

/** Read by «Оформление» and by the overview's note on sample legal texts. */
export function useAdminSite() {
  return useQuery({
    queryKey: adminKeys.site,
    queryFn: ({ signal }) => api.get<AdminSite>('/admin/site', { signal }),
    staleTime: 30_000,
  });
}
