import type { PublicSite } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Where the server writes the settings in force into every page it serves. */
export const SITE_DATA_ELEMENT_ID = 'site-settings';

/** Only http(s) links from settings are rendered, so a bad setting cannot inject a javascript: URL. */
export function safeUrl(value: string | null | undefined): string | null {
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

/** The settings as the page shows them: links and addresses it cannot safely show are left out. */
export function cleanSite(site: PublicSite): PublicSite {
  return {
    ...site,
    links: site.links.flatMap((link) => {
      const url = safeUrl(link.url);
      return url ? [{ ...link, url }] : [];
    }),
    supportEmail: safeEmail(site.supportEmail),
  };
}

/**
 * The settings the server wrote into this page (`<script type="application/json">`, data the
 * browser never runs), so the first render already draws the owner's shop without a request.
 */
export function readSiteFromPage(): PublicSite | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return cleanSite(JSON.parse(text) as PublicSite);
  } catch {
    return undefined;
  }
}

// The server checks this reply against the shared schema before sending it (DESIGN §10: no schema
// library in the first load), so the first paint's reads take it as typed.
export async function fetchSiteSettings(signal?: AbortSignal): Promise<PublicSite> {
  return cleanSite(await api.get<PublicSite>('/site', { signal }));
}

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.site,
    queryFn: ({ signal }) => fetchSiteSettings(signal),
    initialData: readSiteFromPage,
    // The page carries the settings of the moment it was served; a long visit picks up changes.
    staleTime: 5 * 60_000,
  });
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

/**
 * The settings in force. Every page is served with them, and the prerender seeds them, so only a
 * page served without them (the development server) renders once without: callers draw nothing
 * of the owner's then rather than anything of ours.
 */
export function useSite(): PublicSite | undefined {
  return useSiteSettings().data;
}
