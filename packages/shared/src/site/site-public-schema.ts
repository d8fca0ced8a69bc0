import { z } from 'zod';
import { legalDocuments, linkKinds, siteIcons } from './site-content';

const imageUrls = z.object({ phone: z.string(), desktop: z.string() });

/** `GET /api/site`: the settings in force, every text filled (the SPEC's until changed). */
export const publicSiteSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  colors: z.object({
    primary: z.string(),
    primaryText: z.string(),
    overlayPercent: z.number(),
  }),
  links: z.array(
    z.object({ kind: z.enum(linkKinds), url: z.string(), label: z.string(), main: z.boolean() }),
  ),
  topUp: z.object({
    bonusPercent: z.number(),
    min: z.number(),
    max: z.number(),
    tiers: z.array(z.object({ from: z.number(), percent: z.number() })),
    firstTopUpPercent: z.number(),
  }),
  /** `image`: the owner's picture for the category, or null for the drawn one. */
  categories: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      hidden: z.boolean(),
      image: z.string().nullable(),
    }),
  ),
  vipTiers: z.array(z.object({ key: z.string(), label: z.string() })),
  seller: z.object({
    name: z.string(),
    inn: z.string(),
    ogrn: z.string(),
    email: z.string(),
    address: z.string(),
  }),
  images: z.object({
    logo: z.string().nullable(),
    favicon: z.string(),
    background: imageUrls,
  }),
  texts: z.object({
    hero: z.object({
      badge: z.string(),
      title: z.string(),
      titleAccent: z.string(),
      subtitle: z.string(),
      bonusNote: z.string(),
      shopButton: z.string(),
      serversButton: z.string(),
    }),
    features: z.array(z.object({ icon: z.enum(siteIcons), title: z.string(), text: z.string() })),
    login: z.object({
      title: z.string(),
      text: z.string(),
      consent: z.string(),
      cards: z.array(z.object({ icon: z.enum(siteIcons), title: z.string(), text: z.string() })),
    }),
    footer: z.object({ blurb: z.string() }),
    shop: z.object({ subtitle: z.string() }),
    nav: z.object({ home: z.string(), shop: z.string(), servers: z.string() }),
  }),
  legalTitles: z.object({
    rules: z.string(),
    agreement: z.string(),
    privacy: z.string(),
    contacts: z.string(),
  }),
  /** SUPPORT_EMAIL; null when the owner set none (no e-mail line is shown then). */
  supportEmail: z.string().nullable(),
  demo: z.boolean(),
  /** WIPE_WARN_HOURS: a purchase of items this close to a server's predicted wipe is warned of. */
  wipeWarnHours: z.number(),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;

export const legalPageSchema = z.object({
  document: z.enum(legalDocuments),
  title: z.string(),
  html: z.string(),
  version: z.number().int(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;

export const siteVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  actorName: z.string(),
  summary: z.string(),
  restoredFrom: z.number().int().nullable(),
});
export type SiteVersion = z.infer<typeof siteVersionSchema>;
