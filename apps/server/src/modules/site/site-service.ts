import {
  legalTitles,
  setVipTierOrder,
  siteTemplateValues,
  toPublicSite,
  type PublicSiteOptions,
  type ImageSlot,
  type SiteContent,
  type LegalDocument,
  type LegalPage,
} from '@shop/shared';
import { renderLegalMarkdown } from '@shop/shared/legal-markdown';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { encodeSiteImage } from './site-images';
import type { SiteRepository } from './site-repository';
import {
  describeChange,
  mergeSettings,
  resolveSite,
  siteProblem,
  type ResolvedSite,
  type SiteEnvironmentDefaults,
  type SiteOverrides,
} from './site-settings';
import { HttpError } from '../../plugins/errors';

/** How long a process trusts its copy before asking the database for the newest version. */
export const SITE_RECHECK_MS = 1_000;

/** A change refused whole: 400 with the reason in Russian, and no version written. */
export class SiteSettingsError extends HttpError {
  constructor(message: string) {
    super(400, 'bad_request', message);
    this.name = 'SiteSettingsError';
  }
}

/** The name of one of the owner's categories; refused in Russian when the key is not theirs. */
function categoryLabel(content: SiteContent, key: string): string {
  const category = content.categories.find((item) => item.key === key);
  if (!category) {
    throw new SiteSettingsError(
      `Категория «${key}» не найдена: добавьте её в «Оформление → Каталог и деньги» и опубликуйте`,
    );
  }
  return category.label;
}

export interface SiteServiceOptions extends PublicSiteOptions {
  environment: SiteEnvironmentDefaults;
  /** Checks a change against the rest of the shop (categories in use…); a Russian reason or null. */
  checkChange?: (next: ResolvedSite, tx: Db) => Promise<string | null>;
}

/**
 * The settings in force for this process. Each process keeps one copy and asks the database for the
 * newest version number at most once a second when it is read, so a change made on any instance is
 * seen everywhere within SITE_RECHECK_MS plus one read, with no restart and no shared cache.
 */
export function createSiteService(repo: SiteRepository, options: SiteServiceOptions) {
  let site: ResolvedSite | null = null;
  let checkedAt = 0;
  let loading: Promise<ResolvedSite> | null = null;
  const derived = new Map<string, unknown>();

  async function load(db?: Db): Promise<ResolvedSite> {
    const stored = await repo.latest(db);
    if (site?.version !== stored.version) derived.clear();
    site = resolveSite(stored.version, stored.overrides, options.environment);
    setVipTierOrder(site.content.vipTiers.map((tier) => tier.key));
    checkedAt = Date.now();
    return site;
  }

  async function revalidate(db?: Db): Promise<ResolvedSite> {
    const newest = await repo.latestNumber(db);
    if (site && newest === site.version) {
      checkedAt = Date.now();
      return site;
    }
    return load(db);
  }

  /**
   * The settings in force, at most SITE_RECHECK_MS old. A caller inside a transaction passes it:
   * the embedded database has one connection, which a read beside the transaction would wait for.
   */
  async function current(db?: Db): Promise<ResolvedSite> {
    if (site && Date.now() - checkedAt < SITE_RECHECK_MS) return site;
    if (db) return site ? revalidate(db) : load(db);
    // One read at a time: a burst of requests after the second is up waits on the same query.
    loading ??= (site ? revalidate() : load()).finally(() => (loading = null));
    return loading;
  }

  /** A value made from the settings in force, made once per version. */
  async function memo<T>(key: string, make: (resolved: ResolvedSite) => T): Promise<T> {
    const resolved = await current();
    const cacheKey = `${resolved.version}:${key}`;
    if (!derived.has(cacheKey)) derived.set(cacheKey, make(resolved));
    return derived.get(cacheKey) as T;
  }

  async function write(
    actor: AuditActor,
    action: string,
    change: (overrides: SiteOverrides, tx: Db) => Promise<SiteOverrides> | SiteOverrides,
    summary: (overrides: SiteOverrides) => string,
    restoredFrom?: number,
  ): Promise<number> {
    const version = await repo.write(
      async (stored, tx) => {
        const overrides = await change(stored.overrides, tx);
        const next = resolveSite(stored.version + 1, overrides, options.environment);
        const problem =
          siteProblem(next.content) ?? (await options.checkChange?.(next, tx)) ?? null;
        if (problem) throw new SiteSettingsError(problem);
        return { overrides, summary: summary(overrides), restoredFrom };
      },
      actor,
      (tx, written, previous) =>
        recordAudit(tx, actor, {
          action,
          targetType: 'site',
          targetId: written,
          targetName: `Версия ${written}`,
          before: { version: previous.version },
          after: { version: written, ...(restoredFrom ? { restoredFrom } : {}) },
        }),
    );
    checkedAt = 0;
    await current();
    return version;
  }

  return {
    current,

    /** Why a product or sale cannot name this category (the owner's list), or null. */
    async categoryProblem(key: string): Promise<string | null> {
      const { categories } = (await current()).content;
      return categories.some((category) => category.key === key)
        ? null
        : `Категория «${key}» не найдена: добавьте её в «Оформление → Каталог и деньги»`;
    },

    /** Why a product or a player cannot have this VIP tier (the owner's list), or null. */
    async vipTierProblem(key: string): Promise<string | null> {
      const { vipTiers } = (await current()).content;
      return vipTiers.some((tier) => tier.key === key)
        ? null
        : `Уровень VIP «${key}» не найден: добавьте его в «Оформление → Каталог и деньги»`;
    },

    async publicSite() {
      return memo('public', (resolved) => toPublicSite(resolved, options));
    },

    async legalPage(document: LegalDocument): Promise<LegalPage> {
      return memo(`legal:${document}`, (resolved) => ({
        document,
        title: legalTitles[document],
        html: renderLegalMarkdown(resolved.legal[document], siteTemplateValues(resolved.content)),
        version: resolved.version,
      }));
    },

    /** A partial change in the public shape (validated by the route): the next version's number. */
    update(patch: SiteOverrides, actor: AuditActor) {
      return write(
        actor,
        'site.update',
        (overrides) => mergeSettings(overrides, patch),
        () => describeChange(patch),
      );
    },

    /** Re-encodes and stores a picture, and makes the version that shows it. */
    async setImage(slot: ImageSlot, bytes: Buffer, actor: AuditActor) {
      const image = await encodeSiteImage(slot, bytes);
      return write(
        actor,
        'site.image',
        async (overrides, tx) => {
          await repo.saveImages(tx, image.files);
          return mergeSettings(overrides, { images: { [slot]: image.id } });
        },
        () =>
          `Изображение: ${slot === 'logo' ? 'логотип' : slot === 'favicon' ? 'значок вкладки' : 'фон'}`,
      );
    },

    /** The shipped picture again for a slot. */
    clearImage(slot: ImageSlot, actor: AuditActor) {
      return write(
        actor,
        'site.image',
        (overrides) => mergeSettings(overrides, { images: { [slot]: null } }),
        () => 'Изображение: возвращено стандартное',
      );
    },

    /**
     * A category's own picture (null: the drawn one again), kept by key so a rename keeps it. Only
     * that category's entry changes: the pictures of the others stay as they are.
     */
    async setCategoryImage(key: string, bytes: Buffer | null, actor: AuditActor) {
      const label = categoryLabel((await current()).content, key);
      const image =
        bytes && (await encodeSiteImage('category', bytes, `Картинка категории «${label}»`));
      return write(
        actor,
        'site.image',
        async (overrides, tx) => {
          // Checked again in the transaction: another admin may have removed it meanwhile.
          categoryLabel(resolveSite(0, overrides, options.environment).content, key);
          if (image) await repo.saveImages(tx, image.files);
          return mergeSettings(overrides, { images: { categories: { [key]: image?.id ?? null } } });
        },
        () => `Изображение: картинка категории «${label}» ${image ? 'загружена' : 'убрана'}`,
      );
    },

    /** Version `n`'s settings, texts and pictures become a new version. */
    async restore(n: number, actor: AuditActor) {
      const earlier = await repo.get(n);
      if (!earlier) throw new SiteSettingsError(`Версии ${n} нет`);
      return write(
        actor,
        'site.restore',
        () => earlier.overrides,
        () => `Возврат к версии ${n}`,
        n,
      );
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
