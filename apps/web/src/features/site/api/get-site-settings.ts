import type { SiteSettings } from '@shop/shared';
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

/** A plain address or nothing: the footer builds a mailto: from it. */
function safeEmail(value: string | null | undefined): string | null {
  return value && /^[^\s@<>"]+@[^\s@<>"]+$/.test(value) ? value : null;
}

// The server checks this reply against the shared schema before sending it (DESIGN §10: no schema
// library in the first load), so the first paint's reads take it as typed.
export async function fetchSiteSettings(signal?: AbortSignal) {
  const settings = await api.get<SiteSettings>('/site', { signal });
  return {
    discordUrl: safeUrl(settings.discordUrl),
    communityUrl: safeUrl(settings.communityUrl),
    supportEmail: safeEmail(settings.supportEmail),
    demo: settings.demo,
    wipeWarnHours: settings.wipeWarnHours,
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
