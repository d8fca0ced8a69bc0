import { siteSettingsSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Only http(s) links from settings are rendered, so a bad setting cannot inject a javascript: URL. */
function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function fetchSiteSettings(signal?: AbortSignal) {
  const settings = siteSettingsSchema.parse(await api.get('/site', { signal }));
  return {
    discordUrl: safeUrl(settings.discordUrl),
    communityUrl: safeUrl(settings.communityUrl),
    demo: settings.demo,
  };
}

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.site,
    queryFn: ({ signal }) => fetchSiteSettings(signal),
    // Settings change on redeploy, not while someone browses.
    staleTime: 30 * 60_000,
  });
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
