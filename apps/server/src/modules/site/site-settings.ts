import {
  DEFAULT_SITE_CONTENT,
  fillTemplate,
  legalDocuments,
  siteTemplateValues,
  topUpTiersProblem,
  type LegalDocument,
  type SiteContent,
  type SiteImageIds,
  type SiteLegal,
  type SiteLink,
  type SiteUpdate,
} from '@shop/shared';
import { DEFAULT_LEGAL } from '@shop/shared/legal-defaults';

/**
 * What a version stores: only what the owner set. Objects merge field by field over the defaults,
 * lists (links, cards, categories, tiers) replace the default list whole.
 */
export interface SiteOverrides extends SiteUpdate {
  images?: Partial<SiteImageIds>;
}

/** The settings in force: the overrides over the defaults. */
export interface ResolvedSite {
  version: number;
  content: SiteContent;
  legal: SiteLegal;
  /** A legal text the owner has not saved yet is the shipped sample. */
  legalSample: Record<LegalDocument, boolean>;
  images: SiteImageIds;
}

/** Defaults that come from the environment of an older install (DISCORD_URL, COMMUNITY_URL…). */
export interface SiteEnvironmentDefaults {
  links: SiteLink[];
  supportEmail: string | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `patch` over `base`: objects merge, everything else (lists included) replaces. */
export function mergeSettings<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch))
    return (patch === undefined ? base : patch) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = isPlainObject(value) ? mergeSettings(merged[key] ?? {}, value) : value;
  }
  return merged as T;
}

/** The community link kind a bare address points to, for links set by the environment. */
function kindOf(url: string): SiteLink['kind'] {
  const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (host.endsWith('vk.com') || host.endsWith('vk.ru')) return 'vk';
  if (host === 't.me' || host.endsWith('telegram.me')) return 'telegram';
  if (host.includes('discord')) return 'discord';
  if (host.includes('youtube') || host === 'youtu.be') return 'youtube';
  return 'site';
}

/** An install that set DISCORD_URL or COMMUNITY_URL keeps those links until the owner edits them. */
export function environmentLinks(discordUrl?: string, communityUrl?: string): SiteLink[] {
  const links: SiteLink[] = [];
  if (discordUrl)
    links.push({ kind: 'discord', url: discordUrl, label: 'Наш Discord', main: true });
  if (communityUrl) {
    links.push({
      kind: kindOf(communityUrl),
      url: communityUrl,
      label: 'Группа сообщества',
      main: links.length === 0,
    });
  }
  return links;
}

export function resolveSite(
  version: number,
  overrides: SiteOverrides,
  environment: SiteEnvironmentDefaults,
): ResolvedSite {
  const { legal, images, ...contentOverrides } = overrides;
  const defaults: SiteContent = {
    ...DEFAULT_SITE_CONTENT,
    links: environment.links,
    seller: { ...DEFAULT_SITE_CONTENT.seller, email: environment.supportEmail ?? '' },
  };
  const content = mergeSettings(defaults, contentOverrides);
  const legalSample = Object.fromEntries(
    legalDocuments.map((document) => [document, legal?.[document] === undefined]),
  ) as Record<LegalDocument, boolean>;
  return {
    version,
    content,
    legal: { ...DEFAULT_LEGAL, ...legal },
    legalSample,
    images: { logo: null, favicon: null, background: null, ...images },
  };
}

/**
 * Rules that span fields, checked on the settings as they would be after a change. Russian, naming
 * the field; null when the whole is consistent.
 */
export function siteProblem(content: SiteContent): string | null {
  if (content.topUp.min > content.topUp.max) {
    return 'Пополнение: минимальная сумма больше максимальной';
  }
  return topUpTiersProblem(content.topUp);
}

/** A page's text with the shop's name, the top-up terms and the seller filled in. */
export function fillSiteText(site: ResolvedSite, text: string): string {
  return fillTemplate(text, siteTemplateValues(site.content));
}

/** What the journal and the version list say a change touched, in Russian. */
export function describeChange(update: SiteOverrides): string {
  const parts: string[] = [];
  const names: Record<string, string> = {
    name: 'название',
    description: 'описание',
    colors: 'цвета',
    links: 'ссылки',
    topUp: 'пополнение',
    categories: 'категории',
    vipTiers: 'уровни VIP',
    seller: 'продавец',
    texts: 'тексты',
    notices: 'сообщения вне сайта',
    legal: 'документы',
    images: 'изображения',
  };
  for (const key of Object.keys(update)) parts.push(names[key] ?? key);
  return parts.length ? `Изменены: ${parts.join(', ')}` : 'Без изменений';
}
