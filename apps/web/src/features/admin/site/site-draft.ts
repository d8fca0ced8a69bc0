import {
  legalDocuments,
  primaryColorProblem,
  siteUpdateSchema,
  type LegalDocument,
  type SiteContent,
  type SiteLegal,
  type SiteUpdate,
} from '@shop/shared';
import type { AdminSite } from '../shared/api/get-admin-site';

/**
 * The owner's unsaved edits and what publishing one section sends. Each section's «Опубликовать»
 * sends its own fields only: the server merges objects field by field and replaces lists whole, so
 * a section never overwrites what another section, or another admin, changed meanwhile.
 */

export interface SiteDraft {
  content: SiteContent;
  legal: SiteLegal;
  /** Sample legal texts the owner publishes as they stand, unedited. */
  acceptSample: Record<LegalDocument, boolean>;
}

/** How a part of «Оформление» changes the draft: a new content made from the current one. */
export type EditContent = (recipe: (content: SiteContent) => SiteContent) => void;

export const siteSections = ['shop', 'texts', 'links', 'legal', 'catalog', 'notices'] as const;
export type SiteSection = (typeof siteSections)[number];

const noSamplesAccepted = (): Record<LegalDocument, boolean> => ({
  rules: false,
  agreement: false,
  privacy: false,
  contacts: false,
});

export function draftFrom(site: AdminSite): SiteDraft {
  return {
    content: structuredClone(site.content),
    legal: { ...site.legal },
    acceptSample: noSamplesAccepted(),
  };
}

/**
 * Legal texts go out only when edited, or when the owner accepts a sample as it is: sending all four
 * would mark a text the owner never read as theirs and hide the overview's reminder about it.
 */
function legalChanges(draft: SiteDraft, stored: AdminSite): Partial<SiteLegal> {
  const changed: Partial<SiteLegal> = {};
  for (const document of legalDocuments) {
    const edited = draft.legal[document] !== stored.legal[document];
    const accepted = stored.legalSample[document] && draft.acceptSample[document];
    if (edited || accepted) changed[document] = draft.legal[document];
  }
  return changed;
}

/** The PUT body of one section, made from the draft. */
export function sectionBody(section: SiteSection, draft: SiteDraft, stored: AdminSite): SiteUpdate {
  const { content } = draft;
  switch (section) {
    case 'shop':
      return {
        name: content.name,
        description: content.description,
        colors: { primary: content.colors.primary, overlayPercent: content.colors.overlayPercent },
      };
    case 'texts':
      return { texts: content.texts };
    case 'links':
      return { links: content.links };
    case 'legal': {
      const legal = legalChanges(draft, stored);
      return { seller: content.seller, ...(Object.keys(legal).length > 0 ? { legal } : {}) };
    }
    case 'catalog':
      return { categories: content.categories, vipTiers: content.vipTiers, topUp: content.topUp };
    case 'notices':
      return { notices: content.notices };
  }
}

export type PublishRequest = { ok: true; body: SiteUpdate } | { ok: false; message: string };

export const NOTHING_TO_PUBLISH = 'Изменений нет: публиковать нечего';

/**
 * What publishing a section sends, or why it is refused before sending: the server's own schema and
 * its cross-field rules, so the owner reads the same Russian message either way, without a request.
 */
export function publishRequest(
  section: SiteSection,
  draft: SiteDraft,
  stored: AdminSite,
): PublishRequest {
  const body = sectionBody(section, draft, stored);
  if (JSON.stringify(body) === JSON.stringify(sectionBody(section, draftFrom(stored), stored))) {
    return { ok: false, message: NOTHING_TO_PUBLISH };
  }
  if (section === 'shop') {
    const problem = primaryColorProblem(draft.content.colors.primary);
    if (problem) return { ok: false, message: `Основной цвет: ${problem}` };
  }
  const parsed = siteUpdateSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Проверьте поля раздела' };
  }
  const { topUp } = parsed.data;
  if (topUp?.min !== undefined && topUp.max !== undefined && topUp.min > topUp.max) {
    return { ok: false, message: 'Пополнение: минимальная сумма больше максимальной' };
  }
  return { ok: true, body: parsed.data };
}
