import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { CategoriesEditor } from './categories-editor';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { TopUpTermsEditor } from './top-up-terms-editor';
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
      description="Категории товаров, названия уровней VIP, бонусы и суммы пополнения"
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
      <TopUpTermsEditor topUp={topUp} onChange={setTopUp} />
    </SiteSection>
  );
}
