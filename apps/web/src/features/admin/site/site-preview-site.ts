import { HEX_COLOR, toPublicSite, type PublicSite } from '@shop/shared';
import type { AdminSite } from '../shared/api/get-admin-site';
import type { SiteDraft } from './site-draft';

/**
 * The page players would see with the draft: the texts filled as the server fills them, the
 * pictures (the categories' too) as they are now (an upload publishes at once, so there is no
 * unsaved picture).
 */
export function draftPublicSite(draft: SiteDraft, stored: AdminSite): PublicSite {
  const { demo, wipeWarnHours, supportEmail } = stored.public;
  const { primary, overlayPercent } = draft.content.colors;
  // A colour or a number still being typed would reach the page's CSS half-made: the stored one
  // stands in until it is whole. A whole but too dark colour is shown, so the owner sees why not.
  const colors = {
    primary: HEX_COLOR.test(primary) ? primary : stored.content.colors.primary,
    overlayPercent: Number.isFinite(overlayPercent)
      ? Math.min(90, Math.max(0, overlayPercent))
      : stored.content.colors.overlayPercent,
  };
  const site = toPublicSite(
    {
      version: stored.version,
      content: { ...draft.content, colors },
      images: { logo: null, favicon: null, background: null },
    },
    { demo, wipeWarnHours, supportEmail },
  );
  // Category pictures are stored by key: a category renamed or moved in the draft keeps its own.
  const pictures = new Map(
    stored.public.categories.map((category) => [category.key, category.image]),
  );
  return {
    ...site,
    images: stored.public.images,
    categories: site.categories.map((category) => ({
      ...category,
      image: pictures.get(category.key) ?? null,
    })),
  };
}
