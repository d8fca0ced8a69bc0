import { useMemo, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { useAdminSite, type AdminSite } from '../../shared/api/get-admin-site';
import { draftFrom, type EditContent, type SiteDraft } from '../site-draft';
import { draftPublicSite } from '../site-preview-site';
import { CatalogSection } from './catalog-section';
import { ImagesSection } from './images-section';
import { LegalSection } from './legal-section';
import { LinksSection } from './links-section';
import { NoticesSection } from './notices-section';
import { PreviewPanel } from './preview-panel';
import { ShopSection } from './shop-section';
import { TextsSection } from './texts-section';
import { VersionsSection } from './versions-section';

/**
 * The draft is made once from the settings in force and kept across publishing: a part just
 * published already holds what was sent, and the other parts keep their unpublished edits.
 */
function SiteEditor({ site, onRestored }: { site: AdminSite; onRestored: () => void }) {
  const [draft, setDraft] = useState<SiteDraft>(() => draftFrom(site));
  const edit: EditContent = (recipe) =>
    setDraft((current) => ({ ...current, content: recipe(current.content) }));
  const preview = useMemo(() => draftPublicSite(draft, site), [draft, site]);
  const props = { draft, stored: site, edit };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PreviewPanel site={preview} />
      <ShopSection {...props} />
      <ImagesSection site={site} />
      <TextsSection {...props} />
      <LinksSection {...props} />
      <LegalSection {...props} setDraft={setDraft} />
      <CatalogSection {...props} />
      <NoticesSection {...props} />
      <VersionsSection current={site.version} onRestored={onRestored} />
    </div>
  );
}

/** Админ-панель → «Оформление»: the shop's name, look, words, links, documents and their versions. */
export function SiteTab() {
  const site = useAdminSite();
  // A restored version replaces the whole draft: the editor starts again from what is in force.
  const [generation, setGeneration] = useState(0);
  if (site.isPending) return <LoadingState text="Загрузка оформления..." />;
  if (!site.data) {
    return <p className="text-destructive">{site.error?.message ?? 'Не удалось загрузить'}</p>;
  }
  return (
    <SiteEditor
      key={generation}
      site={site.data}
      onRestored={() => setGeneration((value) => value + 1)}
    />
  );
}
