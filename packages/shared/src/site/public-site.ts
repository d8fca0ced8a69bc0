import { fillTemplate, siteTemplateValues } from './fill-template.ts';
import { textOn } from './site-colors.ts';
import {
  legalTitles,
  type ImageSlot,
  type SiteCard,
  type SiteContent,
  type SiteImageIds,
} from './site-content.ts';
import type { PublicSite } from './site-public-schema.ts';

/** The settings a public view is made from: the version, the content in force, the pictures. */
export interface SiteForPublic {
  version: number;
  content: SiteContent;
  images: SiteImageIds;
}

/** The URL a stored picture file is served at; its name changes with its content. */
export function imageUrl(name: string): string {
  return `/api/site/images/${name}`;
}

/** `category` is every category's picture: one square size, named by content, not by key. */
export function imageFileName(id: string, slot: ImageSlot | 'category', size: string): string {
  return `${id}-${slot}-${size}.webp`;
}

/** The square size a category's picture is stored at: a card draws it at most 144 px wide. */
export const CATEGORY_IMAGE_SIZE = 160;

/** A category's uploaded picture, or null for the drawn one. */
function categoryImage(site: SiteForPublic, key: string): string | null {
  const ids = site.images.categories ?? {};
  // Keys are the owner's words: `constructor` is a valid key and must not read the prototype.
  const id = Object.hasOwn(ids, key) ? ids[key] : null;
  return typeof id === 'string'
    ? imageUrl(imageFileName(id, 'category', String(CATEGORY_IMAGE_SIZE)))
    : null;
}

/** What the public settings add from the environment. */
export interface PublicSiteOptions {
  demo: boolean;
  wipeWarnHours: number;
  supportEmail: string | null;
}

/** The shipped pictures, served by the web app's build (`apps/web/public`). */
export const SHIPPED_FAVICON = '/favicon.svg';
export const SHIPPED_BACKGROUND = '/api/hazmat.webp';

function images(site: SiteForPublic): PublicSite['images'] {
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
export function toPublicSite(site: SiteForPublic, options: PublicSiteOptions): PublicSite {
  const content: SiteContent = site.content;
  const values = siteTemplateValues(content);
  const fill = (text: string) => fillTemplate(text, values);
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
    categories: content.categories.map(({ key, label, hidden }) => ({
      key,
      label,
      hidden,
      image: categoryImage(site, key),
    })),
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
