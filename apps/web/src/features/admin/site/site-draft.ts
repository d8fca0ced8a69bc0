import {
  legalDocuments,
  primaryColorProblem,
  siteUpdateSchema,
  topUpTiersProblem,
  type LegalDocument,
  type SiteContent,
  type SiteLegal,
  type SiteUpdate,
} from '@shop/shared';
import type { AdminSite } from '../shared/api/get-admin-site';

/**
 * The owner's unsaved edits and what publishing one section sends. Each section's «Опубликовать»
 * sends what changed among its own fields only: the server merges objects field by field and
 * replaces lists whole, so a section never overwrites what another section, or another admin,
 * changed meanwhile.
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

/** The fields of the settings each section edits. */
const sectionFields: Record<SiteSection, (keyof SiteContent)[]> = {
  shop: ['name', 'description', 'colors'],
  texts: ['texts'],
  links: ['links'],
  legal: ['seller'],
  catalog: ['categories', 'vipTiers', 'topUp'],
  notices: ['notices'],
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What of `next` differs from `before`, in the shape the server merges: objects field by field,
 * a list or a value whole; undefined when nothing does. The version's summary then names only
 * what the owner changed, and a field another admin changed meanwhile is left as they set it.
 */
export function changedFields(next: unknown, before: unknown): unknown {
  if (isPlainObject(next) && isPlainObject(before)) {
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(next)) {
      const inner = changedFields(value, before[key]);
      if (inner !== undefined) changed[key] = inner;
    }
    return Object.keys(changed).length > 0 ? changed : undefined;
  }
  // An emptied number is NaN, which JSON writes as null: it differs, and the schema names it.
  return JSON.stringify(next) === JSON.stringify(before) ? undefined : next;
}

/** The PUT body of one section, as yet unchecked: what the draft changed in its fields. */
export function sectionBody(
  section: SiteSection,
  draft: SiteDraft,
  stored: AdminSite,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of sectionFields[section]) {
    const changed = changedFields(draft.content[field], stored.content[field]);
    if (changed !== undefined) body[field] = changed;
  }
  if (section === 'legal') {
    const legal = legalChanges(draft, stored);
    if (Object.keys(legal).length > 0) body.legal = legal;
  }
  return body;
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
  if (Object.keys(body).length === 0) return { ok: false, message: NOTHING_TO_PUBLISH };
  if (section === 'shop') {
    const problem = primaryColorProblem(draft.content.colors.primary);
    if (problem) return { ok: false, message: `Основной цвет: ${problem}` };
  }
  const parsed = siteUpdateSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Проверьте поля раздела' };
  }
  // The server checks the whole after merging; the draft is that whole.
  const { min, max } = draft.content.topUp;
  if (section === 'catalog' && min > max) {
    return { ok: false, message: 'Пополнение: минимальная сумма больше максимальной' };
  }
  const tiersProblem = section === 'catalog' ? topUpTiersProblem(draft.content.topUp) : null;
  if (tiersProblem) return { ok: false, message: tiersProblem };
  return { ok: true, body: parsed.data };
}
