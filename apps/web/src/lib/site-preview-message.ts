/**
 * The messages between «Оформление» and the player pages it shows in its preview frames: the frame
 * says it is ready, the panel answers with the draft settings (a PublicSite) and sends each change.
 */
export const SITE_PREVIEW_PARAM = 'site-preview';
export const SITE_PREVIEW_URL = `/?${SITE_PREVIEW_PARAM}=1`;
export const PREVIEW_READY = 'shop:site-preview-ready';
export const PREVIEW_SITE = 'shop:site-preview';

export interface PreviewSiteMessage {
  type: typeof PREVIEW_SITE;
  site: unknown;
}

export function isPreviewReady(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PREVIEW_READY
  );
}

export function isPreviewSite(data: unknown): data is PreviewSiteMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === PREVIEW_SITE &&
    'site' in data
  );
}
