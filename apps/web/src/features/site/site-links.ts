import { contrastRatio, darker, type LinkKind, type PublicSite } from '@shop/shared';

export type SiteLink = PublicSite['links'][number];

/**
 * The community links as the header, the footer and Contacts list them: in the owner's order, an
 * address given twice shown once (the first of them).
 */
export function listedLinks(site: Pick<PublicSite, 'links'> | undefined): SiteLink[] {
  const seen = new Set<string>();
  return (site?.links ?? []).filter((link) => {
    if (seen.has(link.url)) return false;
    seen.add(link.url);
    return true;
  });
}

/** The link the floating button offers: the one the owner marked main, or none (no button). */
export function mainLink(site: Pick<PublicSite, 'links'> | undefined): SiteLink | null {
  return listedLinks(site).find((link) => link.main) ?? null;
}

/** Each network's own colour; a site link takes the shop's primary colour (the theme's CSS). */
const brandColours: Record<Exclude<LinkKind, 'site'>, string> = {
  telegram: '#229ed9',
  vk: '#0077ff',
  discord: '#5865f2',
  youtube: '#ff0000',
};

/** WCAG AA for the button's label, which is small bold text. */
const LABEL_CONTRAST = 4.5;

/**
 * A brand colour shaded just enough for a white label to read on it (AA): Discord's is used as it
 * is, Telegram's light blue a little darker, so every button keeps the white label players expect.
 */
export function labelSafeColour(hex: string): string {
  let colour = hex;
  for (let step = 0; step < 50 && contrastRatio(colour, '#ffffff') < LABEL_CONTRAST; step += 1)
    colour = darker(colour, 0.02);
  return colour;
}

export interface LinkColours {
  background: string;
  hover: string;
  text: string;
}

/** The main link button's colours for its kind, as CSS values. */
/** The site link's colours: the theme's primary, as the owner set it. */
const siteColours: LinkColours = {
  background: 'var(--color-primary)',
  hover: 'var(--color-primary-hover)',
  text: 'var(--color-primary-foreground)',
};

/** The networks' colours, shaded once when the module loads rather than on every render. */
const networkColours = Object.fromEntries(
  Object.entries(brandColours).map(([kind, hex]) => {
    const background = labelSafeColour(hex);
    return [kind, { background, hover: darker(background), text: '#ffffff' }];
  }),
) as Record<Exclude<LinkKind, 'site'>, LinkColours>;

export function linkColours(kind: LinkKind): LinkColours {
  return kind === 'site' ? siteColours : networkColours[kind];
}
