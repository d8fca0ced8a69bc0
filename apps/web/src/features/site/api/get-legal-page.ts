import type { LegalDocument, LegalPage } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSite } from './get-site-settings';

/**
 * A legal page as the owner wrote it, rendered by the server to safe HTML. Keyed by the settings'
 * version: the page shows the text of the settings it was served with, and a newer one once they
 * change.
 */
export function useLegalPage(document: LegalDocument) {
  const version = useSite()?.version ?? null;
  return useQuery({
    queryKey: [...queryKeys.site, 'legal', document, version],
    // The server checks this reply against legalPageSchema before sending it.
    queryFn: ({ signal }) => api.get<LegalPage>(`/site/legal/${document}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
