import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { CategoriesEditor } from './categories-editor';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { NumberField } from './text-field';
import { VipTiersEditor } from './vip-tiers-editor';

/** «Каталог и деньги»: categories, VIP tier names and the top-up terms. */
export function CatalogSection({
  draft,
  stored,
  edit,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
}) {
  const { categories, vipTiers, topUp } = draft.content;
  const setTopUp = (change: Partial<typeof topUp>) =>
    edit((content) => ({ ...content, topUp: { ...content.topUp, ...change } }));
  return (
    <SiteSection
      title="Каталог и деньги"
      description="Категории товаров, названия уровней VIP, бонус и суммы пополнения"
      footer={<PublishBar section="catalog" draft={draft} stored={stored} />}
    >
      <CategoriesEditor
        categories={categories}
        stored={stored}
        onChange={(next) => edit((content) => ({ ...content, categories: next }))}
      />
      <VipTiersEditor
        tiers={vipTiers}
        onChange={(next) => edit((content) => ({ ...content, vipTiers: next }))}
      />
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-white">Пополнение баланса</legend>
        <NumberField
          label="Бонус к пополнению, %"
          min={0}
          max={100}
          value={topUp.bonusPercent}
          onChange={(bonusPercent) => setTopUp({ bonusPercent })}
        />
        <NumberField
          label="Минимальная сумма, ₽"
          min={1}
          max={1_000_000}
          value={topUp.min}
          onChange={(min) => setTopUp({ min })}
        />
        <NumberField
          label="Максимальная сумма, ₽"
          min={1}
          max={1_000_000}
          value={topUp.max}
          onChange={(max) => setTopUp({ max })}
        />
      </fieldset>
    </SiteSection>
  );
}
