import type { ImageSlot, SiteUpdate, SiteVersion } from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from '../../shared/admin-keys';

type Published = { version: number };

export const VERSIONS_PAGE_SIZE = 10;

/**
 * Every change publishes a version: the admin's own copy, its version list and the settings the
 * shop's pages read (this tab's header and footer too) are fetched again, and the mutation settles
 * only once they have arrived, so what is shown next is the version just made.
 */
function useSiteMutation<Input>(run: (input: Input) => Promise<Published>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.site }),
        queryClient.invalidateQueries({ queryKey: queryKeys.site }),
      ]),
  });
}

export const usePublishSite = () =>
  useSiteMutation((body: SiteUpdate) => api.put<Published>('/admin/site', body));

/** The picture's own bytes as the body: the server tells PNG, JPEG and WebP apart by content. */
export const useUploadSiteImage = () =>
  useSiteMutation(({ slot, file }: { slot: ImageSlot; file: File }) =>
    api.request<Published>(`/admin/site/images/${slot}`, {
      method: 'PUT',
      text: { contentType: file.type || 'application/octet-stream', content: file },
    }),
  );

export const useResetSiteImage = () =>
  useSiteMutation((slot: ImageSlot) => api.delete<Published>(`/admin/site/images/${slot}`));

const categoryImagePath = (key: string) =>
  `/admin/site/images/categories/${encodeURIComponent(key)}`;

/** A category's own picture, published at once; the server checks the key is the owner's. */
export const useUploadCategoryImage = () =>
  useSiteMutation(({ key, file }: { key: string; file: File }) =>
    api.request<Published>(categoryImagePath(key), {
      method: 'PUT',
      text: { contentType: file.type || 'application/octet-stream', content: file },
    }),
  );

/** The category's drawn picture again. */
export const useResetCategoryImage = () =>
  useSiteMutation((key: string) => api.delete<Published>(categoryImagePath(key)));

export const useRestoreSiteVersion = () =>
  useSiteMutation((version: number) =>
    api.post<Published>(`/admin/site/versions/${version}/restore`),
  );

export function useSiteVersions(page: number) {
  return useQuery({
    queryKey: adminKeys.siteVersions(page),
    queryFn: ({ signal }) =>
      api.get<{ versions: SiteVersion[]; total: number }>(
        `/admin/site/versions?page=${page}&pageSize=${VERSIONS_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
