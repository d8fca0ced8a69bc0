import {
  legalTitles,
  textOn,
  type PublicSite,
  type SiteCard,
  type SiteContent,
} from '@shop/shared';
import { imageFileName, imageUrl } from './site-images';
import { fillSiteText, type ResolvedSite } from './site-settings';

/** What the public settings add from the environment. */
export interface PublicSiteOptions {
  demo: boolean;
  wipeWarnHours: number;
  supportEmail: string | null;
}

/** The shipped pictures, served by the web app's build (`apps/web/public`). */
export const SHIPPED_FAVICON = '/favicon.svg';
export const SHIPPED_BACKGROUND = '/api/hazmat.webp';

function images(site: ResolvedSite): PublicSite['images'] {
  const { logo, favicon, background } = site.images;
  return {
    logo: logo ? imageUrl(imageFileName(logo, 'logo', '128')) : null,
    favicon: favicon ? imageUrl(imageFileName(favicon, 'favicon', '64')) : SHIPPED_FAVICON,
    background: background
      ? {
          phone: imageUrl(imageFileName(background, 'background', 'phone')),
          desktop: imageUrl(imageFileName(background, 'background', 'desktop')),
        }
      : { phone: SHIPPED_BACKGROUND, desktop: SHIPPED_BACKGROUND },
  };
}

/**
 * `GET /api/site` and the settings written into every page: texts filled with the shop's name,
 * the top-up terms and the seller; pictures as their URLs.
 */
export function toPublicSite(site: ResolvedSite, options: PublicSiteOptions): PublicSite {
  const content: SiteContent = site.content;
  const fill = (text: string) => fillSiteText(site, text);
  const cards = (list: SiteCard[]) =>
    list.map((card) => ({ icon: card.icon, title: fill(card.title), text: fill(card.text) }));
  const { hero, login } = content.texts;
  return {
    version: site.version,
    name: content.name,
    description: fill(content.description),
    colors: {
      primary: content.colors.primary.toLowerCase(),
      primaryText: textOn(content.colors.primary),
      overlayPercent: content.colors.overlayPercent,
    },
    links: content.links.map(({ kind, url, label, main }) => ({ kind, url, label, main })),
    topUp: { ...content.topUp },
    categories: content.categories.map(({ key, label, hidden }) => ({ key, label, hidden })),
    vipTiers: content.vipTiers.map(({ key, label }) => ({ key, label })),
    seller: { ...content.seller },
    images: images(site),
    texts: {
      hero: {
        badge: fill(hero.badge),
        title: fill(hero.title),
        titleAccent: fill(hero.titleAccent),
        subtitle: fill(hero.subtitle),
        // A line about a bonus there is not would promise money the shop does not credit.
        bonusNote: content.topUp.bonusPercent > 0 ? fill(hero.bonusNote) : '',
        shopButton: fill(hero.shopButton),
        serversButton: fill(hero.serversButton),
      },
      features: cards(content.texts.features),
      login: {
        title: fill(login.title),
        text: fill(login.text),
        consent: fill(login.consent),
        cards: cards(login.cards),
      },
      footer: { blurb: fill(content.texts.footer.blurb) },
      shop: { subtitle: fill(content.texts.shop.subtitle) },
      nav: { ...content.texts.nav },
    },
    legalTitles: { ...legalTitles },
    supportEmail: options.supportEmail,
    demo: options.demo,
    wipeWarnHours: options.wipeWarnHours,
  };
}
