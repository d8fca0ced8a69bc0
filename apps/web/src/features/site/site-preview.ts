import { publicSiteSchema, themeVariables, type PublicSite } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { cleanSite } from './api/get-site-settings';
import { isPreviewSite, PREVIEW_READY, SITE_PREVIEW_PARAM } from '@/lib/site-preview-message';

/**
 * The player page as «Оформление» previews it: opened as `/?site-preview=1` in a frame of the
 * panel, it draws the owner's unsaved settings the panel sends instead of the ones in force. Loaded
 * only for such an address (app/start.tsx), so no other page carries it.
 */

/** What of its window the preview uses (a test gives a fake one). */
export interface PreviewWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location: { search: string; origin: string };
  document: { title: string; documentElement: { style: Pick<CSSStyleDeclaration, 'setProperty'> } };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function applyTheme(
  root: { style: Pick<CSSStyleDeclaration, 'setProperty'> },
  colors: PublicSite['colors'],
): void {
  for (const [name, value] of Object.entries(themeVariables(colors))) {
    root.style.setProperty(name, value);
  }
}

/**
 * Listens for the panel's drafts when this page is a preview frame; returns the way to stop.
 * Messages count only from this origin and from the frame's parent: any other page could frame the
 * shop's address too, and must not make it show anything.
 */
export function startSitePreview(client: QueryClient, win: PreviewWindow = window): () => void {
  const framed = !Object.is(win.parent, win);
  if (!framed || !new URLSearchParams(win.location.search).has(SITE_PREVIEW_PARAM)) {
    return () => undefined;
  }
  // The draft stays until the panel sends the next one: nothing refetches the settings in force.
  client.setQueryDefaults(queryKeys.site, {
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win.parent) return;
    if (!isPreviewSite(event.data)) return;
    const parsed = publicSiteSchema.safeParse(event.data.site);
    if (!parsed.success) return;
    // Only what the page would draw of settings the server sent: http(s) links, a plain e-mail.
    const site = cleanSite(parsed.data);
    void client.cancelQueries({ queryKey: queryKeys.site });
    client.setQueryData(queryKeys.site, site);
    applyTheme(win.document.documentElement, site.colors);
    win.document.title = site.name;
  };
  win.addEventListener('message', onMessage);
  win.parent.postMessage({ type: PREVIEW_READY }, win.location.origin);
  return () => win.removeEventListener('message', onMessage);
}
